package dev.warren;

import java.time.Duration;
import java.util.Objects;

/**
 * What a consumer method decided about a delivery. Warren turns it into exactly one settlement
 * frame on the delivery's own channel:
 *
 * <table>
 *   <caption>outcome → frame</caption>
 *   <tr><th>outcome</th><th>frame</th></tr>
 *   <tr><td>{@link #ack()}</td><td>{@code basic.ack}: the message leaves the queue</td></tr>
 *   <tr><td>{@link #drop()}</td><td>{@code basic.reject(requeue=false)}: to the queue's
 *       dead-letter exchange if it has one, else discarded</td></tr>
 *   <tr><td>{@link #retry()}</td><td>{@code basic.reject(requeue=true)}: back in the
 *       queue</td></tr>
 *   <tr><td>{@link #retryAfter(Duration)}</td><td>a new delivery no sooner than the delay</td></tr>
 * </table>
 *
 * <p>Warren never sends {@code basic.nack}.
 */
public sealed interface Outcome {

  /** The delivery was handled: {@code basic.ack}. */
  static Outcome ack() {
    return Ack.INSTANCE;
  }

  /** The delivery can never be handled: {@code basic.reject(requeue=false)}. */
  static Outcome drop() {
    return Drop.INSTANCE;
  }

  /** The delivery should be tried again: {@code basic.reject(requeue=true)}. */
  static Outcome retry() {
    return Retry.INSTANCE;
  }

  /**
   * The delivery should be tried again, no sooner than {@code delay}. Where it waits is the
   * consumer's {@link RabbitConsumer#delay()}. On a quorum queue without one, AMQP 0.9.1 has no way
   * to delay one message: with the queue's own back-off ({@link RabbitConsumer#delayedRetryType()})
   * the delivery is returned and the broker holds it for the back-off's hold of this attempt; a
   * {@code delay} longer than that hold comes back earlier than asked, and Warren logs {@code
   * WARREN-295} to say so. Without a back-off the delay is discarded ({@code WARREN-035}).
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  static Outcome retryAfter(Duration delay) {
    return new RetryAfter(delay);
  }

  /** See {@link Outcome#ack()}. */
  enum Ack implements Outcome {
    INSTANCE;

    @Override
    public String toString() {
      return "ack()";
    }
  }

  /** See {@link Outcome#drop()}. */
  enum Drop implements Outcome {
    INSTANCE;

    @Override
    public String toString() {
      return "drop()";
    }
  }

  /** See {@link Outcome#retry()}. */
  enum Retry implements Outcome {
    INSTANCE;

    @Override
    public String toString() {
      return "retry()";
    }
  }

  /**
   * See {@link Outcome#retryAfter(Duration)}.
   *
   * @param delay how long the message waits before its next delivery, never negative
   */
  record RetryAfter(Duration delay) implements Outcome {
    /** Checks the delay. */
    public RetryAfter {
      Objects.requireNonNull(delay, "delay");
      if (delay.isNegative()) {
        throw new IllegalArgumentException("retryAfter delay must not be negative: " + delay);
      }
    }

    @Override
    public String toString() {
      return "retryAfter(" + delay + ")";
    }
  }
}
