package dev.warren.internal.interceptor;

import java.lang.reflect.Method;

/**
 * The call that Warren is making to a consumer method on this thread, for a delivery or a batch:
 * the invoker starts it right before it calls the method through the bean's interceptors, {@link
 * OutcomeInterceptor} enters it when the call reaches Warren's place in the chain and records its
 * interpretation of what came back, and the invoker finishes it once the whole chain has returned.
 * Calls that Warren does not make (application code calling the method, or the method calling
 * itself or another consumer method) find no call to enter and keep the method's own behaviour.
 *
 * <p>An interceptor inside Warren's that calls the chain again (a retry) passes Warren's place
 * again; each pass is interpreted, and the last one counts.
 *
 * <p>One per thread, reused from call to call (a delivery's path allocates nothing for it); Warren
 * makes one call at a time on a thread.
 */
public final class Invocation {

  /**
   * How one kind of consumer reads what its method returned or threw. No broker I/O.
   *
   * @param <S> what the method is called for: a delivery, or the deliveries of a batch
   * @param <R> what the interpretation comes to
   */
  public interface Interpretation<S, R> {

    /** What a normal return of {@code value} means for {@code subject}. */
    R returned(Object value, S subject);

    /** What {@code failure} (an exception or an {@link Error}) means for {@code subject}. */
    R failed(Throwable failure, S subject);
  }

  private static final ThreadLocal<Invocation> CURRENT = ThreadLocal.withInitial(Invocation::new);

  /** The method Warren is calling, {@code null} between calls. */
  private Method method;

  private Interpretation<Object, Object> interpretation;
  private Object subject;
  private boolean inside;
  private Object interpreted;
  private Throwable passedOn;

  private Invocation() {}

  /**
   * Starts Warren's call of {@code method} for {@code subject} on the calling thread; the caller
   * must {@link #finish} it on the same thread.
   *
   * @throws IllegalStateException if a call of Warren's is under way on this thread
   */
  @SuppressWarnings("unchecked")
  public static <S> Invocation start(
      Method method, Interpretation<S, ?> interpretation, S subject) {
    Invocation invocation = CURRENT.get();
    if (invocation.method != null) {
      throw new IllegalStateException(
          "Warren is already calling " + invocation.method + " on this thread");
    }
    invocation.method = method;
    invocation.interpretation = (Interpretation<Object, Object>) interpretation;
    invocation.subject = subject;
    return invocation;
  }

  /**
   * The interceptor's side: Warren's call of {@code called} on this thread, now entered, or {@code
   * null} for any other call (none under way, another method, or a call made from inside the method
   * itself).
   */
  static Invocation enter(Method called) {
    Invocation invocation = CURRENT.get();
    if (invocation.method == null || invocation.inside || !invocation.method.equals(called)) {
      return null;
    }
    invocation.inside = true;
    return invocation;
  }

  /**
   * What Warren's call of {@code called} under way on this thread is for (its delivery, or a
   * batch's deliveries), for an interceptor of Warren's that the call passes; {@code null} for any
   * other call. Whether Warren's place in the chain was passed already does not matter.
   */
  public static Object subject(Method called) {
    Invocation invocation = CURRENT.get();
    return invocation.method != null && invocation.method.equals(called)
        ? invocation.subject
        : null;
  }

  /** The call came back through Warren's place with {@code value}. */
  void returned(Object value) {
    interpreted = interpretation.returned(value, subject);
    passedOn = null;
  }

  /** The call came back through Warren's place with {@code failure}, passed on unchanged. */
  void failed(Throwable failure) {
    interpreted = interpretation.failed(failure, subject);
    passedOn = failure;
  }

  /** The call has left Warren's place in the chain. */
  void leave() {
    inside = false;
  }

  /**
   * Ends the call, once it has returned or thrown through the bean's interceptors.
   *
   * @param thrown what the call threw, or {@code null} when it returned
   * @return the interpretation, of the type {@link #start}'s interpretation gives; the failure's
   *     when the call failed outside Warren's place (before it, such as the bean's creation, or
   *     after it, such as an outer interceptor); {@code null} when the method ran without passing
   *     Warren's interceptor
   */
  @SuppressWarnings("unchecked")
  public <R> R finish(Throwable thrown) {
    try {
      return (R)
          (thrown != null && thrown != passedOn
              ? interpretation.failed(thrown, subject)
              : interpreted);
    } finally {
      method = null;
      interpretation = null;
      subject = null;
      inside = false;
      interpreted = null;
      passedOn = null;
    }
  }
}
