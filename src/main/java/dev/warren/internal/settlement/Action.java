package dev.warren.internal.settlement;

import java.util.Map;

/**
 * What to do with one delivery, on the delivery's own channel. There is no nack: Warren never sends
 * {@code basic.nack}, and never {@code multiple=true}.
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

  /**
   * Publish a copy of the message (same body and properties, these headers) with confirms and
   * {@code mandatory=true} on the delivery's channel; once the broker acks it, {@code
   * basic.reject(requeue=false)} the original. If the copy is nacked, returned or not confirmed in
   * time, {@code basic.reject(requeue=true)} instead: nothing is lost.
   *
   * @param exchange where the copy goes
   * @param routingKey its routing key
   * @param headers the copy's complete headers
   * @param persistent whether the copy is persistent
   * @param reason why, for logs
   */
  record Copy(
      String exchange,
      String routingKey,
      Map<String, Object> headers,
      boolean persistent,
      Reason reason)
      implements Action {
    @Override
    public String toString() {
      return "copy to exchange '"
          + exchange
          + "' with routing key '"
          + routingKey
          + "', then basic.reject(requeue=false)";
    }
  }

  /** Why a delivery is rejected or copied. */
  enum Reason {
    /** The handler dropped it (or it could not be decoded). */
    DROP,
    /** The handler asked for another attempt. */
    RETRY,
    /** The handler asked for a delayed attempt this version cannot delay: retried at once. */
    DELAY_NOT_SUPPORTED,
    /** The message reached its attempt cap and goes to the dead letter queue. */
    DEAD_LETTER,
    /** The message reached its attempt cap and there is no dead letter queue: dropped. */
    CAP_REACHED,
    /** Publishing its copy failed: back to the queue as it was. */
    COPY_FAILED
  }
}
