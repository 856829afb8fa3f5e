package dev.warren.internal.interceptor;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * Interprets what a consumer method returned or threw, for the invocations Warren makes for a
 * delivery or a batch: at its place in the chain it records what that result means ({@code void}
 * acks, an {@code Outcome}, a stage, a responder's reply, a batch's outcomes, an exception through
 * the {@code FailureMapper}s, an {@link Error} stops the consumer) in the {@link Invocation}, and
 * passes the result on unchanged, so that every interceptor sees what the method did and the
 * method's declared return type holds. Any other call of the method (application code calling it)
 * goes through untouched. It sends no frames: the runtime settles the delivery once the whole call
 * chain has returned, so after a transaction around the method has ended.
 *
 * <p>Added to every deployment by Warren's extension, which binds it to every {@code
 * RabbitConsumer} method ({@link Interpreted}) and sets its priority from {@code
 * warren.interceptor.priority} (default {@value #DEFAULT_PRIORITY}: outside {@code @Transactional}
 * at {@code PLATFORM_BEFORE + 200} and MicroProfile Fault Tolerance at {@code PLATFORM_AFTER +
 * 10}).
 */
@Interceptor
@Interpreted
@Priority(OutcomeInterceptor.DEFAULT_PRIORITY)
public class OutcomeInterceptor {

  /** The default priority: {@code Interceptor.Priority.PLATFORM_BEFORE + 150}. */
  public static final int DEFAULT_PRIORITY = Interceptor.Priority.PLATFORM_BEFORE + 150;

  @AroundInvoke
  Object interpret(InvocationContext context) throws Exception {
    Invocation invocation = Invocation.enter(context.getMethod());
    if (invocation == null) {
      return context.proceed();
    }
    try {
      Object value;
      try {
        value = context.proceed();
      } catch (Throwable failure) {
        invocation.failed(failure);
        throw failure;
      }
      invocation.returned(value);
      return value;
    } finally {
      invocation.leave();
    }
  }
}
