package dev.warren.internal.inbox;

import dev.warren.Delivery;
import dev.warren.Idempotent;
import dev.warren.Outcome;
import dev.warren.internal.interceptor.Invocation;
import dev.warren.internal.interceptor.RefusedDelivery;
import dev.warren.internal.logging.InboxMessages;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Logger;

/**
 * Calls an {@link Idempotent} consumer method only for a message id its consumer has not recorded:
 * inside the transaction that {@code @Transactional} ({@code PLATFORM_BEFORE + 200}) starts and
 * inside Warren's {@code OutcomeInterceptor} ({@code PLATFORM_BEFORE + 150}), it inserts the
 * delivery's (consumer, message id) into the inbox table; a new row calls the method, so the row
 * commits or rolls back with the method's own writes; no row (a committed transaction recorded it,
 * or one that was open committed while the insert waited for it) returns what acks the delivery
 * without calling the method: nothing for {@code void}, {@code Outcome.ack()}, or a stage completed
 * with it. A delivery without a message id is refused ({@link RefusedDelivery}: dropped) unless
 * {@code warren.inbox.missing-id=body}. Calls that Warren does not make (application code calling
 * the method) go through untouched. Runs on the consumer's worker.
 */
@Interceptor
@Idempotent
@Priority(IdempotentInterceptor.PRIORITY)
public class IdempotentInterceptor {

  /** Inside {@code @Transactional} ({@code PLATFORM_BEFORE + 200}). */
  public static final int PRIORITY = Interceptor.Priority.PLATFORM_BEFORE + 250;

  private static final Logger LOG = Logger.getLogger(IdempotentInterceptor.class.getName());

  @Inject Inbox inbox;

  @AroundInvoke
  Object once(InvocationContext context) throws Exception {
    Method method = context.getMethod();
    if (!(Invocation.subject(method) instanceof Delivery delivery)) {
      return context.proceed();
    }
    String consumer = delivery.consumerName();
    String where = method.getDeclaringClass().getName() + "#" + method.getName();
    String id = inbox.messageId(delivery);
    if (id == null) {
      throw new RefusedDelivery(InboxMessages.missingId(LOG, consumer, where, delivery.queue()));
    }
    if (inbox.record(consumer, where, id)) {
      return context.proceed();
    }
    LOG.fine(
        () ->
            "consumer '"
                + consumer
                + "' ("
                + where
                + "): message id "
                + id
                + " is recorded in the inbox already, acked without calling the method");
    return acked(method.getReturnType());
  }

  /** What the method returns to ack its delivery. */
  private static Object acked(Class<?> returnType) {
    if (Outcome.class.isAssignableFrom(returnType)) {
      return Outcome.ack();
    }
    if (returnType.isAssignableFrom(CompletableFuture.class)) {
      return CompletableFuture.completedFuture(Outcome.ack());
    }
    return null;
  }
}
