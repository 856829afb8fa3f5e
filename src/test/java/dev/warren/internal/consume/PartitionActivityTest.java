package dev.warren.internal.consume;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PartitionActivityTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long NEVER = -1;

  @Test
  void aPartitionWithUnsettledDeliveriesIsActiveHoweverLongAgoTheyCame() {
    assertThat(PartitionActivity.of(1, 60 * SECOND, 500)).isEqualTo(PartitionActivity.ACTIVE);
  }

  @Test
  void aPartitionWhoseLastDeliveryCameWithinTheWindowIsActive() {
    assertThat(PartitionActivity.of(0, 9 * SECOND, 500)).isEqualTo(PartitionActivity.ACTIVE);
    assertThat(PartitionActivity.of(0, 0, 0)).isEqualTo(PartitionActivity.ACTIVE);
  }

  @Test
  void messagesWaitingWhileNothingCameHereMeanAnotherInstanceConsumes() {
    assertThat(PartitionActivity.of(0, NEVER, 3)).isEqualTo(PartitionActivity.STANDING_BY);
    assertThat(PartitionActivity.of(0, 11 * SECOND, 3)).isEqualTo(PartitionActivity.STANDING_BY);
  }

  @Test
  void nothingWaitingAndNothingLatelyCannotBeTold() {
    assertThat(PartitionActivity.of(0, NEVER, 0)).isEqualTo(PartitionActivity.IDLE);
    assertThat(PartitionActivity.of(0, 11 * SECOND, 0)).isEqualTo(PartitionActivity.IDLE);
  }

  @Test
  void anUnknownLagWithNothingLatelyIsIdle() {
    assertThat(PartitionActivity.of(0, NEVER, -1)).isEqualTo(PartitionActivity.IDLE);
  }

  @Test
  void labelsAreAsHealthShowsThem() {
    assertThat(PartitionActivity.STANDING_BY.label()).isEqualTo("standing-by");
    assertThat(PartitionActivity.ACTIVE.label()).isEqualTo("active");
  }
}
