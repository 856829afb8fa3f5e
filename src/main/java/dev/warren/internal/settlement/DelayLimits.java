package dev.warren.internal.settlement;

import dev.warren.Delay;
import dev.warren.QueueType;
import java.time.Duration;

/**
 * The longest {@code retryAfter} delay each strategy can hold. Longer delays are refused where the
 * outcome is returned: the delayed-message plugin delivers a longer {@code x-delay} at once (a hot
 * loop), the broker refuses a longer per-message TTL with 406 (closing the channel), and an
 * in-process timer cannot count past {@link Long#MAX_VALUE} nanoseconds. Pure.
 */
public final class DelayLimits {

  /** {@code PLUGIN_DME}: the plugin's {@code x-delay} is at most 2^32−1 ms (about 49.7 days). */
  public static final Duration PLUGIN_DME = Duration.ofMillis(4_294_967_295L);

  /**
   * {@code DLX_TTL}: RabbitMQ refuses an {@code expiration} above 315,360,000,000 ms (10 years;
   * measured on 3.10.8: that value is accepted, one more is refused with 406 value_too_large).
   */
  public static final Duration DLX_TTL = Duration.ofMillis(315_360_000_000L);

  /** {@code NONE}: an in-process timer, at most {@link Long#MAX_VALUE} ns (about 292 years). */
  public static final Duration IN_PROCESS = Duration.ofNanos(Long.MAX_VALUE);

  private DelayLimits() {}

  /** The longest delay {@code strategy} holds. */
  @SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working
  public static Duration max(Delay strategy) {
    return switch (strategy) {
      case PLUGIN_DME -> PLUGIN_DME;
      case DLX_TTL -> DLX_TTL;
      case NONE -> IN_PROCESS;
    };
  }

  /**
   * Whether a {@code retryAfter}'s delay is discarded, the delivery requeued at once (WARREN-035):
   * on a queue whose server counts the returns Warren publishes no copies, so without a delay
   * strategy nothing can wait (but the queue's own back-off, {@link DelayedRetry}, which settlement
   * checks first). The one place that says so: settlement decides by it, and a delay that is
   * discarded is never too long to be returned.
   */
  public static boolean discarded(QueueType queueType, Delay strategy) {
    return strategy == Delay.NONE && Attempts.serverCounts(queueType);
  }

  /** Whether {@code delay} is longer than {@code strategy} can hold. */
  public static boolean exceeds(Delay strategy, Duration delay) {
    return delay.compareTo(max(strategy)) > 0;
  }

  /** {@code delay} in ms, at most {@link Long#MAX_VALUE}: never an ArithmeticException. */
  static long millis(Duration delay) {
    return delay.compareTo(Duration.ofMillis(Long.MAX_VALUE)) > 0
        ? Long.MAX_VALUE
        : delay.toMillis();
  }
}
