package dev.warren.internal.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InboxSweeperTest {

  @Test
  void sweepsEveryQuarterOfTheRetentionAtLeastEverySecondAndAtMostEveryHour() {
    assertThat(InboxSweeper.interval(Duration.ofDays(7))).isEqualTo(Duration.ofHours(1));
    assertThat(InboxSweeper.interval(Duration.ofMinutes(20))).isEqualTo(Duration.ofMinutes(5));
    assertThat(InboxSweeper.interval(Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aRowIsExpiredOnceItIsOlderThanTheRetention() {
    Instant now = Instant.parse("2026-12-08T00:00:00Z");

    assertThat(InboxSweeper.cutoff(now, Duration.ofDays(7)))
        .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
  }
}
