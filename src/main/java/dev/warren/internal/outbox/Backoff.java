package dev.warren.internal.outbox;

import java.time.Duration;

/**
 * How long a row that failed (returned or nacked) waits before the relay tries it again: 1 s after
 * the first failure, doubling, at most 5 minutes. A pure function.
 */
final class Backoff {

  static final Duration FIRST = Duration.ofSeconds(1);
  static final Duration LONGEST = Duration.ofMinutes(5);

  private Backoff() {}

  /**
   * The wait after the row's {@code failures}-th failure ({@code 1} for the first).
   *
   * @param failures at least 1
   */
  static Duration after(int failures) {
    if (failures <= 1) {
      return FIRST;
    }
    int doublings = Math.min(failures - 1, 30);
    long millis = FIRST.toMillis() << doublings;
    return millis >= LONGEST.toMillis() ? LONGEST : Duration.ofMillis(millis);
  }

  /** {@code wait} as the docs write durations: {@code 500ms}, {@code 4s}, {@code 5m}. */
  static String text(Duration wait) {
    long millis = wait.toMillis();
    if (millis % 60_000 == 0 && millis > 0) {
      return millis / 60_000 + "m";
    }
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }
}
