package dev.warren.internal.settlement;

import dev.warren.Outcome;
import dev.warren.QueueType;

/**
 * Decides which frame settles a delivery. Pure: no I/O, no state. The rows below are SPEC section
 * 2's outcome table, for consumers without an attempt cap.
 */
public final class Settlement {

  private Settlement() {}

  /**
   * The frame for {@code outcome} on a queue of type {@code queueType}.
   *
   * <pre>
   * outcome            classic and quorum queues
   * ack                basic.ack
   * drop               basic.reject(requeue=false)
   * retry              basic.reject(requeue=true)  (quorum: the server counts x-delivery-count)
   * retryAfter(delay)  basic.reject(requeue=true)  (no delay strategy yet: requeued at once)
   * </pre>
   */
  public static Action decide(Outcome outcome, QueueType queueType) {
    if (outcome instanceof Outcome.Ack) {
      return Action.ACK;
    }
    if (outcome instanceof Outcome.Drop) {
      return new Action.Reject(false, Action.Reason.DROP);
    }
    if (outcome instanceof Outcome.Retry) {
      return new Action.Reject(true, Action.Reason.RETRY);
    }
    if (outcome instanceof Outcome.RetryAfter) {
      return new Action.Reject(true, Action.Reason.DELAY_NOT_SUPPORTED);
    }
    throw new IllegalArgumentException("unknown outcome " + outcome);
  }

  /**
   * The outcome of a handler failure no {@code FailureMapper} claims: {@code retry()} when the
   * consumer has an attempt cap, otherwise {@code drop()}, so that nothing loops forever.
   */
  public static Outcome unmappedFailure(boolean capped) {
    return capped ? Outcome.retry() : Outcome.drop();
  }
}
