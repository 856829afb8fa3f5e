package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Failed copies are bounded per message and paused per target, and seen until they heal. */
class CopyFailuresTest {

  static final String RETRY = "exchange '' routing key 'orders.retry'";
  static final String DLQ = "exchange '' routing key 'orders.dlq'";

  @Test
  void theFifthFailureInARowOfOneMessageGivesUpAndMarksTheTargetFailingOnce() {
    CopyFailures failures = new CopyFailures();
    for (int i = 1; i < CopyFailures.GIVE_UP_AFTER; i++) {
      CopyFailures.Verdict verdict = failures.failed(RETRY, "m-1", "returned", 0);
      assertThat(verdict.giveUp()).isFalse();
      assertThat(verdict.inARow()).isEqualTo(i);
    }
    assertThat(failures.failing(0)).isEmpty();
    assertThat(failures.givenUp(RETRY, "m-1")).isFalse();

    CopyFailures.Verdict fifth = failures.failed(RETRY, "m-1", "returned", 0);
    assertThat(fifth.giveUp()).isTrue();
    assertThat(fifth.newlyFailing()).isTrue();
    assertThat(failures.givenUp(RETRY, "m-1")).isTrue();
    assertThat(failures.failing(0)).singleElement().asString().contains(RETRY, "returned");
    assertThat(failures.failed(RETRY, "m-1", "returned", 0).newlyFailing()).isFalse();

    // a confirmed copy to the target heals it
    failures.succeeded(RETRY, "m-2");
    assertThat(failures.failing(0)).isEmpty();
    assertThat(failures.givenUp(RETRY, "m-1")).isFalse();
  }

  @Test
  void aFailingTargetDoesNotLengthenThePauseOfCopiesToAnother() {
    CopyFailures failures = new CopyFailures();
    for (int i = 0; i < 8; i++) {
      failures.failed(RETRY, "m-" + i, "returned", 0);
    }
    // the retry target failed 8 times in a row: its copies pause 30 s, the dead letter's do not
    assertThat(failures.failed(RETRY, "m-9", "returned", 0).pause())
        .isEqualTo(Duration.ofSeconds(30));
    assertThat(failures.failed(DLQ, "dead m-9", "nacked", 0).pause())
        .isEqualTo(Duration.ofMillis(250));
  }

  @Test
  void aMessageRefusedEveryTimeIsBoundedWhileOtherCopiesToItsTargetGoThrough() {
    CopyFailures failures = new CopyFailures();
    CopyFailures.Verdict verdict = null;
    for (int i = 0; i < CopyFailures.GIVE_UP_AFTER; i++) {
      verdict = failures.failed(RETRY, "poison", "refused", 0);
      failures.succeeded(RETRY, "healthy-" + i);
    }
    assertThat(verdict.giveUp()).isTrue();
    assertThat(verdict.pause()).isEqualTo(Duration.ofSeconds(4)); // it grew with its own failures
  }

  @Test
  void aFailingTargetIsForgottenFiveMinutesAfterItsLastFailure() {
    CopyFailures failures = new CopyFailures();
    for (int i = 0; i < CopyFailures.GIVE_UP_AFTER; i++) {
      failures.failed(RETRY, "m", "returned", 0);
    }
    assertThat(failures.failing(Duration.ofMinutes(4).toNanos())).hasSize(1);
    assertThat(failures.failing(Duration.ofMinutes(5).toNanos())).isEmpty();
    assertThat(failures.any(Duration.ofMinutes(4).toNanos())).isTrue();
    assertThat(failures.any(Duration.ofMinutes(5).toNanos())).isFalse(); // nothing remembered
  }
}
