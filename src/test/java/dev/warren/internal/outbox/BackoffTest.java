package dev.warren.internal.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  @Test
  void theFirstFailureWaitsOneSecondAndEachNextOneTwiceAsLong() {
    assertThat(Backoff.after(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(Backoff.after(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(Backoff.after(3)).isEqualTo(Duration.ofSeconds(4));
    assertThat(Backoff.after(9)).isEqualTo(Duration.ofSeconds(256));
  }

  @Test
  void theWaitStopsGrowingAtFiveMinutes() {
    assertThat(Backoff.after(10)).isEqualTo(Duration.ofMinutes(5));
    assertThat(Backoff.after(1_000)).isEqualTo(Duration.ofMinutes(5));
    assertThat(Backoff.after(Integer.MAX_VALUE)).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void waitsAreWrittenAsTheDocsWriteDurations() {
    assertThat(Backoff.text(Duration.ofSeconds(4))).isEqualTo("4s");
    assertThat(Backoff.text(Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(Backoff.text(Duration.ofMillis(1500))).isEqualTo("1500ms");
  }
}
