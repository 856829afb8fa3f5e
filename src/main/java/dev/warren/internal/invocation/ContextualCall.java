package dev.warren.internal.invocation;

import dev.warren.internal.interceptor.Invocation;
import dev.warren.internal.logging.InterceptorMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.HandlerShape;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;

/**
 * Calls one consumer method on its bean ({@link BeanTarget}), through its interceptors, as Warren's
 * {@link Invocation}: Warren's interceptor interprets the result at its place in the chain, and the
 * call returns that interpretation once the whole chain has returned. The CDI request context is
 * active around the call, so that {@code @RequestScoped} beans are fresh for every call; when the
 * application has nothing that could notice the context (no {@code @RequestScoped} bean, no
 * observer of its events), the call goes without it. Shared by the single and batch invokers.
 *
 * <p>A method that returns a {@code CompletionStage} keeps its worker until the stage completes
 * ({@link #awaitStage}): that is what bounds a consumer to {@code concurrency} calls in flight and
 * keeps the request context active until the stage completes. The context is CDI's, bound to the
 * thread: it is active on the worker that called the method (and its request-scoped instances live
 * until the stage completes), not on the threads that complete the stage.
 *
 * <p>Threads: runs on the consumer's worker threads only (the method, its interceptors, the wait
 * for its stage); the stage's own work runs wherever the application runs it.
 */
final class ContextualCall {

  private final BeanTarget target;
  private final ConsumerModel model;
  private final HandlerShape shape;
  private final Method method;

  /**
   * One controller per calling thread, not per call: creating one makes Weld resolve beans and
   * observers, which the benchmark measured as two thirds of a worker's time per delivery. It must
   * not be shared between threads either: a controller remembers whether it activated the context,
   * so one thread's deactivate could skip another's. Activation stays per call, so every call still
   * gets a fresh request context. Controllers live as long as the worker threads.
   */
  private final ThreadLocal<RequestContextController> controllers;

  /**
   * One argument array per calling thread, filled for a call and emptied after it, not one per
   * call. {@code Method.invoke} has read the array before the method starts, so a call made from
   * inside the method (none is, but one would be harmless) cannot disturb the arguments of the call
   * it is in.
   */
  private final ThreadLocal<Object[]> arguments;

  /**
   * @param requestContexts where the controllers come from, or {@code null} when no call needs the
   *     request context
   */
  ContextualCall(
      BeanTarget target, ConsumerModel model, Instance<RequestContextController> requestContexts) {
    this.target = target;
    this.model = model;
    this.shape = model.shape();
    this.method = shape.method();
    this.controllers =
        requestContexts == null ? null : ThreadLocal.withInitial(requestContexts::get);
    int parameters = shape.parameterCount();
    this.arguments = ThreadLocal.withInitial(() -> new Object[parameters]);
  }

  /**
   * Calls the method with the payload (or payloads), its header values and, if it takes one, the
   * delivery (or deliveries) in their places.
   *
   * @param headers the values of the method's {@code @Header} parameters, in their order
   * @return what {@code interpretation} made of the call at Warren's place in the chain; when the
   *     call failed outside that place (the bean could not be created, an interceptor outside
   *     Warren's threw), what it makes of that failure
   * @throws IllegalStateException if the method ran without Warren's interceptor
   */
  <S, R> R call(
      Object payload,
      Object[] headers,
      S delivery,
      Invocation.Interpretation<S, R> interpretation) {
    RequestContextController requestContext = controllers == null ? null : controllers.get();
    boolean activated = requestContext != null && requestContext.activate();
    R result;
    try {
      Invocation invocation = Invocation.start(method, interpretation, delivery);
      Throwable thrown = null;
      Object[] args = arguments(payload, headers, delivery);
      try {
        method.invoke(target.instance(), args);
      } catch (InvocationTargetException e) {
        thrown = e.getCause();
      } catch (Exception | Error e) {
        thrown = e;
      } finally {
        Arrays.fill(args, null); // holds no payload until the thread's next call
      }
      result = invocation.finish(thrown);
      awaitStage(result);
    } finally {
      if (activated) {
        requestContext.deactivate();
      }
    }
    if (result == null) {
      throw new IllegalStateException(
          InterceptorMessages.notIntercepted(model.name(), model.where()));
    }
    return result;
  }

  /**
   * Waits, on this worker, until {@code result} (what a method returning a {@code CompletionStage}
   * came to) has completed: the worker stays with the call, so a consumer with concurrency N has at
   * most N calls in flight, stages included, and with concurrency 1 the next delivery starts only
   * once the last one's stage has completed; and the request context stays active on this thread
   * (its request-scoped instances are destroyed only after the stage completed). An interruption
   * ends the wait early and is kept for the caller: the handler-timeout took the delivery from the
   * call, or the consumer is stopping; the stage's result then arrives later, on the thread that
   * completes it, and is ignored. A result that is not a stage, or has completed, is not waited
   * for.
   */
  private static void awaitStage(Object result) {
    if (result instanceof CompletableFuture<?> future) {
      if (future.isDone()) {
        return; // most calls: a method returning an Outcome, or a stage already done
      }
      try {
        future.get();
      } catch (InterruptedException taken) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | CancellationException failed) {
        // its failure is the caller's to interpret
      }
    } else if (result instanceof CompletionStage<?> stage) {
      CountDownLatch done = new CountDownLatch(1);
      stage.whenComplete((value, failure) -> done.countDown());
      try {
        done.await();
      } catch (InterruptedException taken) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** This thread's argument array, with the payload, header values and delivery in their places. */
  private Object[] arguments(Object payload, Object[] headers, Object delivery) {
    Object[] args = arguments.get();
    args[shape.payloadIndex()] = payload;
    for (int i = 0; i < headers.length; i++) {
      args[shape.headers().get(i).index()] = headers[i];
    }
    if (shape.deliveryIndex() >= 0) {
      args[shape.deliveryIndex()] = delivery;
    }
    return args;
  }
}
