package dev.warren.internal.logging;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** Lets a repeated warning through at most once per interval; thread-safe. */
public final class RateLimit {

  private final long intervalNanos;
  private final AtomicLong last;

  /**
   * @param interval the least time between two warnings
   */
  public RateLimit(Duration interval) {
    this.intervalNanos = interval.toNanos();
    this.last = new AtomicLong(System.nanoTime() - intervalNanos);
  }

  /** Whether the warning may be logged now. */
  public boolean allow() {
    long now = System.nanoTime();
    long previous = last.get();
    return now - previous >= intervalNanos && last.compareAndSet(previous, now);
  }
}
