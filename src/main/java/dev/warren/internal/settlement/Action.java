package dev.warren.internal.settlement;

/**
 * The settlement frame to send for one delivery, on the delivery's own channel. There is no nack:
 * Warren never sends {@code basic.nack}, and never {@code multiple=true}.
 */
public sealed interface Action {

  /** {@code basic.ack(multiple=false)}. */
  Action ACK = new Ack();

  /** {@code basic.ack(multiple=false)}. */
  record Ack() implements Action {
    @Override
    public String toString() {
      return "basic.ack";
    }
  }

  /**
   * {@code basic.reject(requeue)}.
   *
   * @param requeue whether the broker puts the message back in the queue
   * @param reason why, for logs
   */
  record Reject(boolean requeue, Reason reason) implements Action {
    @Override
    public String toString() {
      return "basic.reject(requeue=" + requeue + ")";
    }
  }

  /** Why a delivery is rejected. */
  enum Reason {
    /** The handler dropped it (or it could not be decoded). */
    DROP,
    /** The handler asked for another attempt. */
    RETRY,
    /** The handler asked for a delayed attempt this version cannot delay: requeued at once. */
    DELAY_NOT_SUPPORTED
  }
}
