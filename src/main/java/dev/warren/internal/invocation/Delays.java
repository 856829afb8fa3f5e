package dev.warren.internal.invocation;

import dev.warren.Delay;
import dev.warren.Outcome;
import dev.warren.internal.logging.SettlementMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.DelayLimits;

/** Whether a returned {@code retryAfter} is longer than the consumer's strategy can hold. */
final class Delays {

  private Delays() {}

  /** The refusal ({@code WARREN-135}) of {@code outcome}, or {@code null} when it is fine. */
  static String refusal(ConsumerModel model, Outcome outcome) {
    if (!(outcome instanceof Outcome.RetryAfter after)) {
      return null;
    }
    Delay strategy = model.delay();
    if (DelayLimits.discarded(model.queueType(), strategy)) {
      return null; // requeued: at once (WARREN-035), or held by the queue's back-off (WARREN-295)
    }
    if (!DelayLimits.exceeds(strategy, after.delay())) {
      return null;
    }
    return SettlementMessages.delayTooLong(
        model.name(), model.where(), after.delay(), strategy.name(), DelayLimits.max(strategy));
  }
}
