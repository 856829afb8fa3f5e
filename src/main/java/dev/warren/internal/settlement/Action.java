package dev.warren.internal.settlement;

import java.time.Duration;
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
   * {@code mandatory} as given (true but for the delayed-message plugin's exchange) on the
   * delivery's channel; once the broker acks it, settle the original with {@code basic.ack} ({@code
   * ackOriginal}: the copy now carries the message, and a quorum or dead-lettering queue must not
   * see a rejection) or {@code basic.reject(requeue=false)}. If the copy is nacked, returned or not
   * confirmed in time, {@code basic.reject(requeue=true)} instead: nothing is lost.
   *
   * @param exchange where the copy goes
   * @param routingKey its routing key
   * @param headers the copy's complete headers
   * @param persistent whether the copy is persistent
   * @param expiration the copy's per-message TTL in ms, or {@code null} to keep the original's
   * @param ackOriginal whether the original is acked (else rejected without requeue)
   * @param reason why, for logs
   * @param mandatory whether the broker returns the copy when it matches no queue; {@code false}
   *     only for the delayed-message plugin's exchange, which routes a message to no queue when it
   *     is published (it routes it when its delay is over), so that the broker would return every
   *     mandatory copy (312 NO_ROUTE) although the plugin delivers it later
   */
  record Copy(
      String exchange,
      String routingKey,
      Map<String, Object> headers,
      boolean persistent,
      String expiration,
      boolean ackOriginal,
      Reason reason,
      boolean mandatory)
      implements Action {

    /** A mandatory copy. */
    public Copy(
        String exchange,
        String routingKey,
        Map<String, Object> headers,
        boolean persistent,
        String expiration,
        boolean ackOriginal,
        Reason reason) {
      this(exchange, routingKey, headers, persistent, expiration, ackOriginal, reason, true);
    }

    @Override
    public String toString() {
      return "copy to exchange '"
          + exchange
          + "' with routing key '"
          + routingKey
          + "', then "
          + (ackOriginal ? "basic.ack" : "basic.reject(requeue=false)");
    }
  }

  /**
   * Hold the original unacked for {@code delay}, then do {@code copy}: the in-process delay of a
   * classic queue.
   *
   * @param delay how long the original is held
   * @param copy what happens when the delay is over
   */
  record Later(Duration delay, Copy copy) implements Action {
    @Override
    public String toString() {
      return "after " + delay + ": " + copy;
    }
  }

  /** Why a delivery is rejected or copied. */
  enum Reason {
    /** The handler dropped it (or it could not be decoded). */
    DROP,
    /** The handler asked for another attempt. */
    RETRY,
    /** The handler asked for a delayed attempt. */
    DELAYED_RETRY,
    /**
     * The handler asked for a delayed attempt on a queue that cannot delay it: requeued at once.
     */
    DELAY_DISCARDED,
    /**
     * The handler asked for a delayed attempt on a quorum queue whose own back-off holds it for
     * less than asked: requeued, redelivered earlier than asked.
     */
    DELAY_SHORTENED,
    /** The message reached its attempt cap and goes to the dead letter queue. */
    DEAD_LETTER,
    /** The message reached its attempt cap and there is no dead letter queue: dropped. */
    CAP_REACHED,
    /** Publishing its copy failed: back to the queue as it was. */
    COPY_FAILED,
    /** A step on the way to its settlement threw: back to the queue as it was. */
    STEP_FAILED
  }
}
