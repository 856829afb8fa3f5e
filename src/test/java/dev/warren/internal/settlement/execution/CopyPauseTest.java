package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The pause before the original of a failed copy goes back: it grows, and it is bounded. */
class CopyPauseTest {

  @Test
  void startsAtAQuarterSecondDoublesAndStopsAtThirtySeconds() {
    assertThat(SettlementExecutor.copyPause(1)).isEqualTo(Duration.ofMillis(250));
    assertThat(SettlementExecutor.copyPause(2)).isEqualTo(Duration.ofMillis(500));
    assertThat(SettlementExecutor.copyPause(5)).isEqualTo(Duration.ofSeconds(4));
    assertThat(SettlementExecutor.copyPause(8)).isEqualTo(Duration.ofSeconds(30));
    assertThat(SettlementExecutor.copyPause(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(30));
  }
}
