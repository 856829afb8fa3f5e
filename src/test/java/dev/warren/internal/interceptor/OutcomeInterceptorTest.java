package dev.warren.internal.interceptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hand-over between Warren's invoker and its interceptor ({@link Invocation}): only the call
 * Warren started is interpreted, the interceptor passes everything on unchanged, the last pass
 * through it counts, and a failure from outside it wins.
 */
class OutcomeInterceptorTest {

  private static final Method HANDLE = method("handle");
  private static final Method OTHER = method("other");

  private final OutcomeInterceptor interceptor = new OutcomeInterceptor();
  private final Recording interpretation = new Recording();

  /** Stand-ins for consumer methods. */
  @SuppressWarnings("unused")
  private static final class Methods {
    public String handle(String body) {
      return body;
    }

    public String other(String body) {
      return body;
    }
  }

  private static Method method(String name) {
    try {
      return Methods.class.getMethod(name, String.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Records what it was asked to interpret; the interpretation is a text saying what. */
  private static final class Recording implements Invocation.Interpretation<String, String> {
    final List<String> calls = new ArrayList<>();

    @Override
    public String returned(Object value, String subject) {
      calls.add(subject + " returned " + value);
      return "returned " + value;
    }

    @Override
    public String failed(Throwable failure, String subject) {
      calls.add(subject + " failed " + failure.getMessage());
      return "failed " + failure.getMessage();
    }
  }

  /** A call of {@code method} through the interceptor, ending in {@code target}. */
  private Object intercept(Method method, Callable<Object> target) throws Exception {
    return interceptor.interpret(new Context(method, target));
  }

  @AfterEach
  void noCallLeftOnTheThread() {
    // a finished call leaves nothing behind: a new one can start
    Invocation.start(HANDLE, interpretation, "next").finish(null);
  }

  @Test
  void warrensCallIsInterpretedAndItsValuePassedOnUnchanged() throws Exception {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    assertThat(intercept(HANDLE, () -> "value")).isEqualTo("value");

    assertThat(invocation.<String>finish(null)).isEqualTo("returned value");
    assertThat(interpretation.calls).containsExactly("d1 returned value");
  }

  @Test
  void aCallWarrenDidNotStartIsNotInterpreted() throws Exception {
    assertThat(intercept(HANDLE, () -> "direct")).isEqualTo("direct");
    assertThatThrownBy(() -> intercept(HANDLE, Fails.with("boom"))).hasMessage("boom");

    assertThat(interpretation.calls).isEmpty();
  }

  @Test
  void aCallOfAnotherMethodIsNotInterpreted() throws Exception {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    assertThat(intercept(OTHER, () -> "other")).isEqualTo("other");

    assertThat(invocation.<String>finish(null)).as("the method ran without Warren's").isNull();
    assertThat(interpretation.calls).isEmpty();
  }

  @Test
  void aCallFromInsideTheMethodGetsItsExceptionAndIsNotInterpreted() throws Exception {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");
    List<String> caught = new ArrayList<>();

    intercept(
        HANDLE,
        () -> {
          try {
            intercept(HANDLE, Fails.with("inner"));
          } catch (IllegalStateException e) {
            caught.add(e.getMessage());
          }
          return "outer";
        });

    assertThat(caught).containsExactly("inner");
    assertThat(invocation.<String>finish(null)).isEqualTo("returned outer");
    assertThat(interpretation.calls).containsExactly("d1 returned outer");
  }

  @Test
  void aFailureIsInterpretedAndPassedOnUnchanged() {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");
    IllegalStateException failure = new IllegalStateException("boom");

    assertThatThrownBy(() -> intercept(HANDLE, () -> fail(failure))).isSameAs(failure);

    assertThat(invocation.<String>finish(failure)).isEqualTo("failed boom");
    assertThat(interpretation.calls).containsExactly("d1 failed boom");
  }

  @Test
  void everyPassThroughTheInterceptorIsInterpretedAndTheLastCounts() throws Exception {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    // an interceptor outside Warren's calls the chain twice, as a retry does
    assertThatThrownBy(() -> intercept(HANDLE, Fails.with("first"))).hasMessage("first");
    assertThat(intercept(HANDLE, () -> "second")).isEqualTo("second");

    assertThat(invocation.<String>finish(null)).isEqualTo("returned second");
    assertThat(interpretation.calls).containsExactly("d1 failed first", "d1 returned second");
  }

  @Test
  void aFailureFromOutsideTheInterceptorWinsOverWhatItSaw() throws Exception {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    intercept(HANDLE, () -> "committed?");

    // an interceptor around Warren's (a commit) failed after the method returned
    assertThat(invocation.<String>finish(new IllegalStateException("rolled back")))
        .isEqualTo("failed rolled back");
    assertThat(interpretation.calls)
        .containsExactly("d1 returned committed?", "d1 failed rolled back");
  }

  @Test
  void aFailureBeforeTheInterceptorIsTheFailuresInterpretation() {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    assertThat(invocation.<String>finish(new IllegalStateException("no bean")))
        .isEqualTo("failed no bean");
  }

  @Test
  void aSecondCallCannotStartWhileOneIsUnderWay() {
    Invocation invocation = Invocation.start(HANDLE, interpretation, "d1");

    assertThatThrownBy(() -> Invocation.start(HANDLE, interpretation, "d2"))
        .isInstanceOf(IllegalStateException.class);
    invocation.finish(null);
  }

  private static Object fail(RuntimeException failure) {
    throw failure;
  }

  /** A target that throws. */
  private static final class Fails {
    static Callable<Object> with(String message) {
      return () -> fail(new IllegalStateException(message));
    }
  }

  /** The interceptor's view of one call. */
  private static final class Context implements InvocationContext {
    private final Method method;
    private final Callable<Object> target;

    Context(Method method, Callable<Object> target) {
      this.method = method;
      this.target = target;
    }

    @Override
    public Object proceed() throws Exception {
      return target.call();
    }

    @Override
    public Method getMethod() {
      return method;
    }

    @Override
    public Object getTarget() {
      return null;
    }

    @Override
    public Object getTimer() {
      return null;
    }

    @Override
    public Constructor<?> getConstructor() {
      return null;
    }

    @Override
    public Object[] getParameters() {
      return new Object[0];
    }

    @Override
    public void setParameters(Object[] params) {}

    @Override
    public Map<String, Object> getContextData() {
      return Map.of();
    }
  }
}
