package dev.warren.internal.settlement.execution;

import dev.warren.Outcome;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;

/**
 * What telemetry and metrics see of a delivery's settlement, and the only way they see it: the
 * settlement classes call it at each step and keep no telemetry code of their own. {@link #NONE}
 * when the consumer has no telemetry (nothing is called beyond this interface); {@link #TELEMETRY}
 * reports each step to the delivery's own {@link dev.warren.internal.telemetry.Processing}, its
 * span and counters. Two stateless constants, {@link #NONE} and {@link #TELEMETRY}; each consumer
 * uses one.
 *
 * <p>Threads: each method runs on the thread of the step it reports (a worker, the reader when a
 * copy's or a reply's confirm settles the original, the timer, {@code warren-internal}) and must
 * not block.
 */
public interface SettlementListener {

  /** Reports nothing. */
  SettlementListener NONE = new SettlementListener() {};

  /** Reports each step to the delivery's {@link IncomingDelivery#telemetry()}. */
  SettlementListener TELEMETRY =
      new SettlementListener() {
        @Override
        public void handled(IncomingDelivery delivery, Outcome outcome, Throwable failure) {
          delivery.telemetry().handled(outcome, failure);
        }

        @Override
        public Sending sending(
            IncomingDelivery delivery, SendKind kind, String exchange, String routingKey) {
          return delivery.telemetry().sending(kind, exchange, routingKey);
        }

        @Override
        public void held(IncomingDelivery delivery) {
          delivery.telemetry().held();
        }

        @Override
        public void released(IncomingDelivery delivery) {
          delivery.telemetry().released();
        }

        @Override
        public void settled(IncomingDelivery delivery, Action action, boolean sent) {
          delivery.telemetry().settled(action.toString(), sent);
        }

        @Override
        public void abandoned(IncomingDelivery delivery, String why) {
          delivery.telemetry().abandoned(why);
        }
      };

  /**
   * What the handler came to ({@code outcome}, {@code null} after a fatal failure), and the
   * exception behind it, if any: settlement starts.
   */
  default void handled(IncomingDelivery delivery, Outcome outcome, Throwable failure) {}

  /**
   * A copy or a reply is sent on behalf of {@code delivery}.
   *
   * @return what carries its trace context and is told when the broker confirmed it
   */
  default Sending sending(
      IncomingDelivery delivery, SendKind kind, String exchange, String routingKey) {
    return Sending.NONE;
  }

  /** {@code delivery} is held unacked for an in-process delay. */
  default void held(IncomingDelivery delivery) {}

  /** The in-process delay of {@code delivery} ended (its copy follows, or it is given up). */
  default void released(IncomingDelivery delivery) {}

  /** {@code action}'s frame was sent for {@code delivery}, or could not be ({@code sent} false). */
  default void settled(IncomingDelivery delivery, Action action, boolean sent) {}

  /** {@code delivery} is given up unsettled: the broker delivers it again. */
  default void abandoned(IncomingDelivery delivery, String why) {}
}
