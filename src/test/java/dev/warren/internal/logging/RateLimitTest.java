package dev.warren.internal.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One line per interval, and the next line says how many were held back. */
class RateLimitTest {

  @Test
  void passLetsOneThroughPerIntervalAndCountsTheOthers() {
    AtomicLong now = new AtomicLong(1_000_000_000L);
    RateLimit limit = new RateLimit(Duration.ofMinutes(1), now::get);

    assertThat(limit.pass()).isZero(); // the first one is logged
    for (int i = 0; i < 999; i++) {
      now.addAndGet(Duration.ofMillis(50).toNanos());
      assertThat(limit.pass()).isEqualTo(RateLimit.SUPPRESSED);
    }
    now.addAndGet(Duration.ofMinutes(1).toNanos());
    assertThat(limit.pass()).isEqualTo(999); // the next line tells of the 999 held back
    assertThat(limit.pass()).isEqualTo(RateLimit.SUPPRESSED);
    now.addAndGet(Duration.ofMinutes(1).toNanos());
    assertThat(limit.pass()).isEqualTo(1);
  }
}
