package dev.warren;

/**
 * Which returned deliveries a quorum queue holds back before delivering them again: the queue's own
 * back-off, RabbitMQ 4.3 and later ({@link RabbitConsumer#delayedRetryType()}). Warren declares it
 * as the queue argument {@code x-delayed-retry-type}. The broker's fourth value, {@code returned},
 * holds only {@code basic.nack}, which Warren never sends, so it is not offered.
 */
public enum DelayedRetryType {
  /** No setting (the default): Warren declares no {@code x-delayed-retry-*} argument. */
  NONE,
  /**
   * Rejected deliveries and those of closed channels are held: what {@code retry()} sends ({@code
   * basic.reject(requeue=true)}). Needs {@link RabbitConsumer#delayedRetryMin()} and {@link
   * RabbitConsumer#delayedRetryMax()}.
   */
  FAILED,
  /** Every return, nacks included; for Warren's returns the same as {@link #FAILED}. */
  ALL,
  /** The back-off declared off, for example to override a policy that sets one. */
  DISABLED
}
