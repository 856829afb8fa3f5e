package dev.warren.internal.consume;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.connection.ConsumerChannel;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementExecutor;
import dev.warren.internal.settlement.execution.SettlementGuard;
import dev.warren.internal.settlement.execution.SettlementListener;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * A responder's step between its method and settlement: the reply is published first, on the
 * request's own channel with a confirm, and the request settled as that went. A confirmed reply
 * acks the request right where the confirm arrived; a failed one retries it on the completions
 * executor, since a retry may publish a copy and wait for room, which must not happen on the
 * connection's I/O thread (it brings the confirms that make room).
 */
final class ResponderReplies implements BiConsumer<IncomingDelivery, Handled> {

  private final ReplySender replies;
  private final SettlementExecutor settlement;
  private final SettlementGuard guard;

  ResponderReplies(
      String consumer,
      String queue,
      ConsumerChannel channel,
      SettlementExecutor settlement,
      SettlementListener listener,
      SettlementGuard guard) {
    this.settlement = settlement;
    this.guard = guard;
    this.replies =
        new ReplySender(
            consumer,
            queue,
            (request, replyTo, properties, body) -> {
              IncomingDelivery delivery = (IncomingDelivery) request;
              Sending sending = listener.sending(delivery, SendKind.REPLY, "", replyTo);
              CompletableFuture<Void> confirmed =
                  channel
                      .copiesOn(delivery.channel())
                      .publish("", replyTo, false, sending.carry(properties), body);
              if (confirmed == null) {
                sending.done(new IOException("the request's channel closed before the reply"));
                return null;
              }
              if (!sending.recording()) {
                return confirmed;
              }
              // the reply's span ends before the request is settled (and its own span ends);
              // whatever ending it throws, the request is settled
              CompletableFuture<Void> ended = new CompletableFuture<>();
              confirmed.whenComplete(
                  (ok, failure) -> {
                    guard.alongside(
                        SettlementGuard.REPLY_SPAN, delivery, () -> sending.done(failure));
                    if (failure == null) {
                      ended.complete(null);
                    } else {
                      ended.completeExceptionally(failure);
                    }
                  });
              return ended;
            },
            this::settle);
  }

  @Override
  public void accept(IncomingDelivery delivery, Handled handled) {
    if (handled.reply() == null) {
      settlement.settle(delivery, handled);
      return;
    }
    replies.send(delivery, handled);
  }

  /**
   * How the request is settled now that its reply went ({@code settled} acks it where the confirm
   * arrived) or could not (a retry, later, off the I/O thread). Whatever it throws is the guard's:
   * nothing else would see it.
   */
  private void settle(Delivery request, Handled settled) {
    IncomingDelivery delivery = (IncomingDelivery) request;
    try {
      if (settled.outcome() instanceof Outcome.Ack) {
        settlement.settle(delivery, settled);
      } else {
        settlement.settleLater(delivery, settled);
      }
    } catch (RuntimeException | Error failure) {
      guard.failed(SettlementGuard.AFTER_REPLY, delivery, failure);
    }
  }
}
