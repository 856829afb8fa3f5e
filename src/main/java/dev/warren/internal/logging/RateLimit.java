package dev.warren.internal.logging;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Lets a repeated warning through at most once per interval; thread-safe, never blocks. {@link
 * #allow()} just says yes or no; {@link #pass()} also counts the occurrences it held back, so that
 * the next line let through can say how many there were.
 */
public final class RateLimit {

  /** What {@link #pass()} returns for an occurrence that is not to be logged. */
  public static final long SUPPRESSED = -1;

  private final long intervalNanos;
  private final LongSupplier clock;
  private final AtomicLong last;
  private final AtomicLong suppressed = new AtomicLong();

  /**
   * @param interval the least time between two warnings
   */
  public RateLimit(Duration interval) {
    this(interval, System::nanoTime);
  }

  /**
   * @param interval the least time between two warnings
   * @param clock {@link System#nanoTime()}, or a test's
   */
  RateLimit(Duration interval, LongSupplier clock) {
    this.intervalNanos = interval.toNanos();
    this.clock = clock;
    this.last = new AtomicLong(clock.getAsLong() - intervalNanos);
  }

  /** Whether the warning may be logged now. */
  public boolean allow() {
    long now = clock.getAsLong();
    long previous = last.get();
    return now - previous >= intervalNanos && last.compareAndSet(previous, now);
  }

  /**
   * One occurrence: whether to log it, and how many were held back before it.
   *
   * @return {@link #SUPPRESSED} when it is not to be logged (it is counted), otherwise how many
   *     occurrences were held back since the last one logged (0 for none)
   */
  public long pass() {
    if (allow()) {
      return suppressed.getAndSet(0);
    }
    suppressed.incrementAndGet();
    return SUPPRESSED;
  }
}
