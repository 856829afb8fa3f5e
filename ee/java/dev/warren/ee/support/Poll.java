package dev.warren.ee.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded waits for the server tests (in-container tests carry no Awaitility): poll a condition
 * every 50 ms until it holds or the time is up, then fail with what was last seen.
 */
public final class Poll {

  private Poll() {}

  /** Waits until {@code condition} holds, failing with {@code what} after {@code within}. */
  public static void until(String what, Duration within, BooleanSupplier condition) {
    until(what, within, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
  }

  /**
   * Waits until {@code probe} returns something other than {@code null}, and returns it.
   *
   * @throws AssertionError if it still returns {@code null} after {@code within}
   */
  public static <T> T until(String what, Duration within, Supplier<T> probe) {
    long deadline = System.nanoTime() + within.toNanos();
    RuntimeException last = null;
    while (true) {
      try {
        T value = probe.get();
        if (value != null) {
          return value;
        }
        last = null;
      } catch (RuntimeException e) {
        last = e;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("not within " + within + ": " + what, last);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting: " + what, e);
      }
    }
  }
}
