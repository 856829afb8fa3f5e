package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Closes on an unreadable frame: a loop from the second in a row, paced, ended by a stable period.
 */
class UnreadableStreakTest {

  private final UnreadableStreak streak =
      new UnreadableStreak(Duration.ofSeconds(1), Duration.ofSeconds(30));

  @Test
  void outsideALoopTheFirstAttemptIsImmediateAndEachNextWaitsTheInterval() {
    assertThat(streak.delayMillis(0)).isZero();
    assertThat(streak.delayMillis(1)).isEqualTo(1000);
    assertThat(streak.delayMillis(7)).isEqualTo(1000);

    assertThat(streak.closed()).isEqualTo(1);
    assertThat(streak.looping()).isFalse();
    assertThat(streak.delayMillis(0)).as("one close may be a one-off: reconnect at once").isZero();
  }

  @Test
  void fromTheSecondCloseInARowThePauseDoublesFromTheIntervalUpToTheMost() {
    streak.closed();
    streak.up();
    assertThat(streak.closed()).isEqualTo(2);
    assertThat(streak.looping()).isTrue();
    long[] pauses = new long[8];
    for (int i = 0; i < pauses.length; i++) {
      pauses[i] = streak.delayMillis(0);
      assertThat(streak.delayMillis(3)).isEqualTo(pauses[i]); // also when the broker is away
      streak.up();
      streak.closed();
    }
    assertThat(pauses).containsExactly(1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000);
  }

  @Test
  void aLongLoopNeverOverflowsThePause() {
    for (int i = 0; i < 200; i++) {
      streak.up();
      streak.closed();
    }
    assertThat(streak.delayMillis(0)).isEqualTo(30000);
  }

  @Test
  void stayingUpEndsTheLoopOnceAndResetsThePause() {
    streak.closed();
    streak.up();
    streak.closed();
    streak.up();
    streak.closed();
    long period = streak.up();

    assertThat(streak.stayedUp(period, true)).isEqualTo(3);
    assertThat(streak.looping()).isFalse();
    assertThat(streak.delayMillis(0)).isZero();
    assertThat(streak.stayedUp(period, true)).as("reported once").isZero();

    assertThat(streak.closed()).as("a later close starts a new streak").isEqualTo(1);
  }

  @Test
  void aSingleCloseThatStayedUpEndsSilently() {
    streak.closed();
    long period = streak.up();
    assertThat(streak.stayedUp(period, true)).isZero();
    assertThat(streak.closed()).isEqualTo(1);
  }

  @Test
  void aPeriodThatEndedInACloseOrIsDownOrWasFollowedByAnotherNeverEndsTheLoop() {
    streak.closed();
    long first = streak.up();
    streak.closed(); // loop: closed again in the first period
    assertThat(streak.stayedUp(first, true)).isZero();

    long second = streak.up();
    assertThat(streak.stayedUp(second, false)).as("down (waiting to reconnect)").isZero();
    long third = streak.up();
    assertThat(streak.stayedUp(second, true)).as("an older period").isZero();
    assertThat(streak.looping()).isTrue();
    assertThat(streak.stayedUp(third, true)).isEqualTo(2);
  }

  @Test
  void aCloseReportedBeforeTheRecoveryItInterruptsCompletedStillCounts() {
    // the next close can reach Warren (I/O thread) before the client's recovery thread reports
    // the recovery that close interrupted: that period then is down, never stable
    streak.closed();
    streak.up();
    streak.closed();
    streak.closed();
    long late = streak.up();
    assertThat(streak.stayedUp(late, false)).isZero();
    assertThat(streak.looping()).isTrue();
  }
}
