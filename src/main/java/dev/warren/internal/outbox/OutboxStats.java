package dev.warren.internal.outbox;

import java.time.Duration;
import java.time.Instant;

/**
 * What the relay last counted in the outbox table, for health: read by health checks without
 * touching the database. Immutable.
 *
 * @param pending rows not yet published (committed, or written by a transaction still open are not
 *     counted: only committed ones are visible)
 * @param oldest when the oldest of them was written, {@code null} when there are none
 * @param failing rows the broker returned or nacked at least once
 * @param counted when the relay counted
 */
public record OutboxStats(long pending, Instant oldest, long failing, Instant counted) {

  static final OutboxStats NONE = new OutboxStats(0, null, 0, null);

  /** How old the oldest pending row is at {@code now}; zero when there are none. */
  public Duration oldestAge(Instant now) {
    return oldest == null || now.isBefore(oldest) ? Duration.ZERO : Duration.between(oldest, now);
  }
}
