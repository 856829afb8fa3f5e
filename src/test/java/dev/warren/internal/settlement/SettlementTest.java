package dev.warren.internal.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.QueueType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SPEC section 2, "Outcomes and the frames they become", for consumers without an attempt cap: one
 * test per row, each run for both queue types.
 */
class SettlementTest {

  // | ack | basic.ack (multiple=false) | same |
  @ParameterizedTest
  @EnumSource(QueueType.class)
  void ackBecomesBasicAck(QueueType queueType) {
    Action action = Settlement.decide(Outcome.ack(), queueType);

    assertThat(action).isInstanceOf(Action.Ack.class);
    assertThat(action).hasToString("basic.ack");
  }

  // | drop | basic.reject(requeue=false) | same |
  @ParameterizedTest
  @EnumSource(QueueType.class)
  void dropBecomesRejectWithoutRequeue(QueueType queueType) {
    Action action = Settlement.decide(Outcome.drop(), queueType);

    assertThat(action).isEqualTo(new Action.Reject(false, Action.Reason.DROP));
    assertThat(action).hasToString("basic.reject(requeue=false)");
  }

  // | retry (no cap declared) | basic.reject(requeue=true) | basic.reject(requeue=true) |
  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryBecomesRejectWithRequeue(QueueType queueType) {
    Action action = Settlement.decide(Outcome.retry(), queueType);

    assertThat(action).isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
    assertThat(action).hasToString("basic.reject(requeue=true)");
  }

  // | retryAfter(delay) | (no delay strategy yet) an immediate requeue plus a warning |
  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryAfterIsRequeuedAtOnceAsDelayNotSupported(QueueType queueType) {
    Action action = Settlement.decide(Outcome.retryAfter(Duration.ofSeconds(5)), queueType);

    assertThat(action).isEqualTo(new Action.Reject(true, Action.Reason.DELAY_NOT_SUPPORTED));
    assertThat(action).hasToString("basic.reject(requeue=true)");
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryAfterZeroIsRequeuedLikeAnyOtherDelay(QueueType queueType) {
    assertThat(Settlement.decide(Outcome.retryAfter(Duration.ZERO), queueType))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_NOT_SUPPORTED));
  }

  @Test
  void noDecisionCanBeANackOrMultiple() {
    // Warren never sends basic.nack and never multiple=true: the only frames that exist are a
    // single ack and a single reject, so no decision can be anything else.
    assertThat(Action.class.isSealed()).isTrue();
    assertThat(List.of(Action.class.getPermittedSubclasses()))
        .containsExactlyInAnyOrder(Action.Ack.class, Action.Reject.class);
    assertThat(Action.Reject.class.getRecordComponents())
        .extracting(c -> c.getName())
        .containsExactly("requeue", "reason");
    assertThat(Action.Ack.class.getRecordComponents()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void everyOutcomeBecomesAnAckOrAReject(QueueType queueType) {
    List<Outcome> outcomes =
        List.of(
            Outcome.ack(),
            Outcome.drop(),
            Outcome.retry(),
            Outcome.retryAfter(Duration.ofMillis(500)));

    assertThat(outcomes)
        .extracting(outcome -> Settlement.decide(outcome, queueType))
        .allMatch(action -> action instanceof Action.Ack || action instanceof Action.Reject);
  }

  @Test
  void unmappedFailureOfACappedConsumerRetries() {
    assertThat(Settlement.unmappedFailure(true)).isEqualTo(Outcome.retry());
  }

  @Test
  void unmappedFailureOfAnUncappedConsumerDropsSoNothingLoopsForever() {
    assertThat(Settlement.unmappedFailure(false)).isEqualTo(Outcome.drop());
  }
}
