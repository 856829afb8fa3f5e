package dev.warren.internal.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delay;
import dev.warren.Outcome;
import dev.warren.QueueType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SPEC sections 2 and 3 as a table: one test per row. The policies: no cap (both queue types), a
 * capped classic queue (Warren counts, copies) and a capped quorum queue (the server counts).
 */
@SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working and is tested
class SettlementTest {

  static final String HEADER = "x-warren-retry-count";
  static final Map<String, Object> USER_HEADERS = Map.of("tenant", "acme");

  static ConsumerPolicy uncapped(QueueType type) {
    return ConsumerPolicy.uncapped("orders", type, HEADER);
  }

  static ConsumerPolicy policy(QueueType type, int max, String dlq, Delay delay, String target) {
    return policy(type, max, dlq, delay, target, List.of());
  }

  static ConsumerPolicy policy(
      QueueType type, int max, String dlq, Delay delay, String target, List<DelayTier> tiers) {
    return new ConsumerPolicy(
        "orders",
        type,
        max,
        dlq,
        "",
        "orders",
        true,
        HEADER,
        delay,
        target,
        tiers,
        DelayedRetry.NONE);
  }

  static final ConsumerPolicy CLASSIC_CAPPED =
      policy(QueueType.CLASSIC, 3, "orders.dlq", Delay.NONE, "");

  static final ConsumerPolicy CLASSIC_CAPPED_NO_DLQ =
      policy(QueueType.CLASSIC, 3, "", Delay.NONE, "");

  static final ConsumerPolicy QUORUM_CAPPED =
      policy(QueueType.QUORUM, 3, "orders.dlq", Delay.NONE, "");

  static Action decide(Outcome outcome, int attempt, ConsumerPolicy policy) {
    return Settlement.decide(outcome, attempt, USER_HEADERS, null, policy);
  }

  // ---- SPEC 2: ack, drop, retry without a cap ----

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void ackBecomesBasicAck(QueueType type) {
    assertThat(decide(Outcome.ack(), 1, uncapped(type))).isEqualTo(Action.ACK);
    assertThat(decide(Outcome.ack(), 3, CLASSIC_CAPPED)).isEqualTo(Action.ACK);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void dropBecomesRejectWithoutRequeue(QueueType type) {
    assertThat(decide(Outcome.drop(), 1, uncapped(type)))
        .isEqualTo(new Action.Reject(false, Action.Reason.DROP));
    assertThat(decide(Outcome.drop(), 1, CLASSIC_CAPPED))
        .isEqualTo(new Action.Reject(false, Action.Reason.DROP));
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryWithoutACapBecomesRejectWithRequeue(QueueType type) {
    assertThat(decide(Outcome.retry(), 1, uncapped(type)))
        .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
    assertThat(decide(Outcome.retry(), 50, uncapped(type)))
        .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
  }

  // ---- SPEC 3.2: quorum queue, the server counts ----

  @Test
  void retryOnACappedQuorumQueueIsAPlainRequeueAtEveryAttempt() {
    for (int attempt = 1; attempt <= 5; attempt++) {
      assertThat(decide(Outcome.retry(), attempt, QUORUM_CAPPED))
          .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
    }
  }

  // ---- the quorum queue's own back-off (RabbitMQ 4.3+): min 500 ms, max 1500 ms ----

  static final DelayedRetry BACK_OFF = new DelayedRetry("failed", 500, 1500, "@RabbitConsumer");

  static ConsumerPolicy backOff(Delay delay, DelayedRetry backOff) {
    return new ConsumerPolicy(
        "orders",
        QueueType.QUORUM,
        5,
        "orders.dlq",
        "",
        "orders",
        true,
        HEADER,
        delay,
        delay == Delay.DLX_TTL ? "orders.retry" : "",
        List.of(),
        backOff);
  }

  static Action decide(Outcome outcome, int attempt, long deliveryCount, ConsumerPolicy policy) {
    return Settlement.decide(
        outcome, attempt, Map.of(Attempts.DELIVERY_COUNT, deliveryCount), null, policy);
  }

  @Test
  void retryOnAQuorumQueueWithBackOffIsAPlainRequeueThatTheBrokerHolds() {
    assertThat(decide(Outcome.retry(), 1, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
    assertThat(decide(Outcome.retry(), 4, 3, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
  }

  @Test
  void retryAfterNoLongerThanTheBackOffHoldsIsARequeueThatTheBrokerHolds() {
    // a first delivery is held 500 ms after its reject; the third (count 2) 1500 ms
    assertThat(decide(Outcome.retryAfter(Duration.ofMillis(500)), 1, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAYED_RETRY));
    assertThat(
            decide(
                Outcome.retryAfter(Duration.ofMillis(1500)), 3, 2, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAYED_RETRY));
  }

  @Test
  void retryAfterLongerThanTheBackOffHoldsIsRequeuedAsShortenedNeverSilently() {
    assertThat(decide(Outcome.retryAfter(Duration.ofMillis(501)), 1, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_SHORTENED));
    // past max: the hold stays at max, whatever the count
    assertThat(
            decide(Outcome.retryAfter(Duration.ofSeconds(2)), 4, 3, backOff(Delay.NONE, BACK_OFF)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_SHORTENED));
  }

  @Test
  void retryAfterOnABackOffQueueWithADelayStrategyIsStillACopyThatWaitsAsAsked() {
    Action action =
        decide(Outcome.retryAfter(Duration.ofSeconds(30)), 1, backOff(Delay.DLX_TTL, BACK_OFF));
    assertThat(action).isInstanceOf(Action.Copy.class);
    assertThat(((Action.Copy) action).expiration()).isEqualTo("30000");
  }

  @Test
  void retryAfterAtTheCapOfABackOffQueueGoesToTheDeadLetterQueue() {
    Action action =
        decide(Outcome.retryAfter(Duration.ofMillis(100)), 5, 4, backOff(Delay.NONE, BACK_OFF));
    assertThat(action).isInstanceOf(Action.Copy.class);
    assertThat(((Action.Copy) action).reason()).isEqualTo(Action.Reason.DEAD_LETTER);
  }

  @Test
  void retryAfterOnAQuorumQueueWithTheBackOffDisabledIsDiscardedAsWithout() {
    DelayedRetry disabled = new DelayedRetry("disabled", 0, 0, "@RabbitConsumer");
    assertThat(decide(Outcome.retryAfter(Duration.ofMillis(10)), 1, backOff(Delay.NONE, disabled)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_DISCARDED));
  }

  // ---- SPEC 3.1: classic queue, Warren counts ----

  @Test
  void retryBelowTheCapCopiesToTheQueueWithTheCountPlusOne() {
    Action first = decide(Outcome.retry(), 1, CLASSIC_CAPPED);
    assertThat(first)
        .isEqualTo(
            new Action.Copy(
                "",
                "orders",
                Map.of("tenant", "acme", HEADER, 1L),
                true,
                null,
                false,
                Action.Reason.RETRY));
    Action second = Settlement.decide(Outcome.retry(), 2, Map.of(HEADER, 1L), null, CLASSIC_CAPPED);
    assertThat(((Action.Copy) second).headers()).containsEntry(HEADER, 2L);
  }

  @Test
  void retryCopiesGoWhereTheRetryPublisherSays() {
    ConsumerPolicy policy =
        new ConsumerPolicy(
            "orders",
            QueueType.CLASSIC,
            3,
            "orders.dlq",
            "retries",
            "orders.again",
            false,
            HEADER,
            Delay.NONE,
            "",
            List.of(),
            DelayedRetry.NONE);
    Action.Copy copy = (Action.Copy) decide(Outcome.retry(), 1, policy);
    assertThat(copy.exchange()).isEqualTo("retries");
    assertThat(copy.routingKey()).isEqualTo("orders.again");
    assertThat(copy.persistent()).isFalse();
  }

  @Test
  void retryAtTheCapCopiesToTheDeadLetterQueueWithHeadersAsTheyArrivedPlusDiagnostics() {
    Map<String, Object> arrived = Map.of("tenant", "acme", HEADER, 2L);
    Action action =
        Settlement.decide(
            Outcome.retry(), 3, arrived, new IllegalStateException("boom"), CLASSIC_CAPPED);
    assertThat(action)
        .isEqualTo(
            new Action.Copy(
                "",
                "orders.dlq",
                Map.of(
                    "tenant",
                    "acme",
                    HEADER,
                    2L,
                    Settlement.DEATH_REASON_HEADER,
                    "max-attempts",
                    Settlement.ORIGIN_QUEUE_HEADER,
                    "orders",
                    Settlement.EXCEPTION_HEADER,
                    "java.lang.IllegalStateException: boom"),
                true,
                null,
                false,
                Action.Reason.DEAD_LETTER));
  }

  @Test
  void withoutAnExceptionTheDeadLetterCopyHasNoExceptionHeader() {
    Action.Copy copy = (Action.Copy) decide(Outcome.retry(), 3, CLASSIC_CAPPED);
    assertThat(copy.headers()).doesNotContainKey(Settlement.EXCEPTION_HEADER);
  }

  @Test
  void retryPastTheCapAlsoGoesToTheDeadLetterQueue() {
    assertThat(((Action.Copy) decide(Outcome.retry(), 7, CLASSIC_CAPPED)).routingKey())
        .isEqualTo("orders.dlq");
  }

  @Test
  void retryAtTheCapWithoutADeadLetterQueueIsRejectedWithoutRequeue() {
    assertThat(decide(Outcome.retry(), 3, CLASSIC_CAPPED_NO_DLQ))
        .isEqualTo(new Action.Reject(false, Action.Reason.CAP_REACHED));
  }

  @Test
  void theExceptionHeaderIsBoundedToOneKibibyte() {
    String huge = "é".repeat(5000);
    String header = Settlement.describe(new RuntimeException(huge));
    assertThat(header.getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(Settlement.MAX_EXCEPTION_HEADER_BYTES);
    assertThat(header).startsWith("java.lang.RuntimeException: éé").endsWith("...");
    assertThat(header).doesNotContain("\uFFFD");
  }

  // ---- SPEC 4: retryAfter ----

  static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

  @Test
  void retryAfterOnAClassicQueueWithoutStrategyHoldsThenCopiesWithTheCountPlusOne() {
    Action action = decide(Outcome.retryAfter(FIVE_SECONDS), 1, uncapped(QueueType.CLASSIC));
    assertThat(action)
        .isEqualTo(
            new Action.Later(
                FIVE_SECONDS,
                new Action.Copy(
                    "",
                    "orders",
                    Map.of("tenant", "acme", HEADER, 1L),
                    true,
                    null,
                    false,
                    Action.Reason.DELAYED_RETRY)));
  }

  @Test
  void retryAfterOnAQuorumQueueWithoutStrategyIsRequeuedAtOnceAndTheDelayDiscarded() {
    assertThat(decide(Outcome.retryAfter(FIVE_SECONDS), 1, uncapped(QueueType.QUORUM)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_DISCARDED));
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryAfterWithDlxTtlCopiesToTheWaitQueueWithExpirationThenAcks(QueueType type) {
    Action.Copy copy =
        (Action.Copy)
            decide(
                Outcome.retryAfter(FIVE_SECONDS),
                1,
                policy(type, 0, "", Delay.DLX_TTL, "orders.retry"));
    assertThat(copy.exchange()).isEmpty();
    assertThat(copy.routingKey()).isEqualTo("orders.retry");
    assertThat(copy.expiration()).isEqualTo("5000");
    assertThat(copy.ackOriginal()).isTrue();
    assertThat(copy.headers()).containsEntry(HEADER, 1L).containsEntry("tenant", "acme");
  }

  @Test
  void delayTiersSendEachDelayToTheSmallestTierThatHoldsIt() {
    List<DelayTier> tiers =
        List.of(
            new DelayTier(Duration.ofSeconds(1), "orders.retry.1s"),
            new DelayTier(Duration.ofMinutes(1), "orders.retry.1m"));
    ConsumerPolicy tiered = policy(QueueType.CLASSIC, 0, "", Delay.DLX_TTL, "orders.retry", tiers);
    assertThat(
            ((Action.Copy) decide(Outcome.retryAfter(Duration.ofMillis(300)), 1, tiered))
                .routingKey())
        .isEqualTo("orders.retry.1s");
    assertThat(
            ((Action.Copy) decide(Outcome.retryAfter(Duration.ofSeconds(1)), 1, tiered))
                .routingKey())
        .isEqualTo("orders.retry.1s");
    assertThat(((Action.Copy) decide(Outcome.retryAfter(FIVE_SECONDS), 1, tiered)).routingKey())
        .isEqualTo("orders.retry.1m");
    assertThat(
            ((Action.Copy) decide(Outcome.retryAfter(Duration.ofHours(2)), 1, tiered)).routingKey())
        .isEqualTo("orders.retry.1m");
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryAfterWithThePluginCopiesToTheDelayedExchangeWithXDelayThenAcks(QueueType type) {
    Action.Copy copy =
        (Action.Copy)
            decide(
                Outcome.retryAfter(FIVE_SECONDS),
                2,
                policy(type, 0, "", Delay.PLUGIN_DME, "orders.delay"));
    assertThat(copy.exchange()).isEqualTo("orders.delay");
    assertThat(copy.routingKey()).isEqualTo("orders");
    assertThat(copy.headers()).containsEntry(Settlement.DELAY_HEADER, 5000L);
    assertThat(copy.headers()).containsEntry(HEADER, 2L);
    assertThat(copy.ackOriginal()).isTrue();
    assertThat(copy.expiration()).isNull();
    // the plugin routes it when the delay is over: mandatory, the broker would return every copy
    assertThat(copy.mandatory()).isFalse();
  }

  @ParameterizedTest
  @EnumSource(
      value = Delay.class,
      names = {"NONE", "DLX_TTL"})
  void everyOtherCopyIsMandatory(Delay delay) {
    ConsumerPolicy classic = policy(QueueType.CLASSIC, 3, "orders.dlq", delay, "orders.delay");
    Action delayed = decide(Outcome.retryAfter(FIVE_SECONDS), 1, classic);
    Action.Copy delayedCopy =
        delayed instanceof Action.Later later ? later.copy() : (Action.Copy) delayed;
    assertThat(delayedCopy.mandatory()).isTrue();
    assertThat(((Action.Copy) decide(Outcome.retry(), 1, classic)).mandatory()).isTrue();
    assertThat(((Action.Copy) decide(Outcome.retry(), 3, classic)).mandatory()).isTrue();
  }

  @Test
  void aDelayedCopyFromAQuorumQueueCarriesTheWholeAttemptAndNotTheServersCount() {
    Map<String, Object> arrived = Map.of(Attempts.DELIVERY_COUNT, 2L, HEADER, 1L);
    int attempt = Attempts.of(QueueType.QUORUM, arrived, HEADER); // 1 + 2 + 1
    Action.Copy copy =
        (Action.Copy)
            Settlement.decide(
                Outcome.retryAfter(FIVE_SECONDS),
                attempt,
                arrived,
                null,
                policy(QueueType.QUORUM, 0, "", Delay.DLX_TTL, "orders.retry"));
    assertThat(copy.headers()).containsEntry(HEADER, 4L).doesNotContainKey(Attempts.DELIVERY_COUNT);
  }

  @Test
  void copiesLeaveOutBothOfTheBrokersCountsOfRabbitMqFourThree() {
    // 4.3 adds x-acquired-count beside x-delivery-count: a copy is a new message, both start again
    Map<String, Object> arrived =
        Map.of(Attempts.DELIVERY_COUNT, 1L, Attempts.ACQUIRED_COUNT, 3L, "tenant", "acme");
    int attempt = Attempts.of(QueueType.QUORUM, arrived, HEADER);
    Action.Copy delayed =
        (Action.Copy)
            Settlement.decide(
                Outcome.retryAfter(FIVE_SECONDS),
                attempt,
                arrived,
                null,
                policy(QueueType.QUORUM, 5, "orders.dlq", Delay.DLX_TTL, "orders.retry"));
    Action.Copy dead =
        (Action.Copy)
            Settlement.decide(
                Outcome.retryAfter(FIVE_SECONDS),
                5,
                arrived,
                null,
                policy(QueueType.QUORUM, 5, "orders.dlq", Delay.DLX_TTL, "orders.retry"));

    assertThat(delayed.headers())
        .containsEntry(HEADER, 2L)
        .containsEntry("tenant", "acme")
        .doesNotContainKeys(Attempts.DELIVERY_COUNT, Attempts.ACQUIRED_COUNT);
    assertThat(dead.routingKey()).isEqualTo("orders.dlq");
    assertThat(dead.headers()).doesNotContainKeys(Attempts.DELIVERY_COUNT, Attempts.ACQUIRED_COUNT);
  }

  @ParameterizedTest
  @EnumSource(Delay.class)
  void retryAfterAtTheCapGoesToTheDeadLetterQueueInsteadOfWaitingAgain(Delay delay) {
    Action.Copy classic =
        (Action.Copy)
            decide(
                Outcome.retryAfter(FIVE_SECONDS),
                3,
                policy(QueueType.CLASSIC, 3, "orders.dlq", delay, "orders.wait"));
    assertThat(classic.routingKey()).isEqualTo("orders.dlq");
    assertThat(classic.ackOriginal()).isFalse();
    Action.Copy quorum =
        (Action.Copy)
            decide(
                Outcome.retryAfter(FIVE_SECONDS),
                3,
                policy(QueueType.QUORUM, 3, "orders.dlq", delay, "orders.wait"));
    assertThat(quorum.routingKey()).isEqualTo("orders.dlq");
    // a rejected quorum original would be dead-lettered a second time by the queue itself
    assertThat(quorum.ackOriginal()).isTrue();
  }

  // ---- rules that hold everywhere ----

  @Test
  void noDecisionCanBeANack() {
    assertThat(List.of(Action.class.getPermittedSubclasses()))
        .containsExactlyInAnyOrder(
            Action.Ack.class, Action.Reject.class, Action.Copy.class, Action.Later.class);
  }

  @Test
  void unmappedFailureOfACappedConsumerRetries() {
    assertThat(Settlement.unmappedFailure(true)).isEqualTo(Outcome.retry());
  }

  @Test
  void unmappedFailureOfAnUncappedConsumerDropsSoNothingLoopsForever() {
    assertThat(Settlement.unmappedFailure(false)).isEqualTo(Outcome.drop());
  }

  // ---- bad inputs (issue 14) ----

  @Test
  void aDelayedCopyOnAQuorumQueuePastTheCapGoesToTheDeadLetterQueue() {
    // the copy is a new message to the broker (x-delivery-count 0), but Warren's count says 3
    Map<String, Object> arrived = Map.of(HEADER, 2L, "tenant", "acme");
    int attempt = Attempts.of(QueueType.QUORUM, arrived, HEADER);
    Action action = Settlement.decide(Outcome.retry(), attempt, arrived, null, QUORUM_CAPPED);

    assertThat(action).isInstanceOf(Action.Copy.class);
    Action.Copy copy = (Action.Copy) action;
    assertThat(copy.routingKey()).isEqualTo("orders.dlq");
    assertThat(copy.reason()).isEqualTo(Action.Reason.DEAD_LETTER);
    assertThat(copy.ackOriginal()).isTrue();
    // below the cap the broker still counts: a plain requeue
    assertThat(Settlement.decide(Outcome.retry(), 2, Map.of(HEADER, 1L), null, QUORUM_CAPPED))
        .isEqualTo(new Action.Reject(true, Action.Reason.RETRY));
  }

  @ParameterizedTest
  @EnumSource(Delay.class)
  void anAbsurdDelayNeverThrowsAndNeverBecomesAnImmediateRedelivery(Delay delay) {
    Duration absurd = Duration.ofSeconds(Long.MAX_VALUE);
    Action action =
        decide(
            Outcome.retryAfter(absurd), 1, policy(QueueType.CLASSIC, 0, "", delay, "orders.wait"));

    Duration max = DelayLimits.max(delay);
    switch (delay) {
      case DLX_TTL ->
          assertThat(((Action.Copy) action).expiration())
              .isEqualTo(Long.toString(max.toMillis()))
              .isEqualTo("315360000000");
      case PLUGIN_DME ->
          assertThat(((Action.Copy) action).headers())
              .containsEntry(Settlement.DELAY_HEADER, 4_294_967_295L);
      case NONE -> {
        assertThat(((Action.Later) action).delay()).isEqualTo(max);
        assertThat(((Action.Later) action).delay().toNanos()).isEqualTo(Long.MAX_VALUE);
      }
    }
  }

  @Test
  void eachStrategySaysWhatItHolds() {
    assertThat(DelayLimits.exceeds(Delay.PLUGIN_DME, Duration.ofDays(49))).isFalse();
    assertThat(DelayLimits.exceeds(Delay.PLUGIN_DME, Duration.ofDays(60))).isTrue();
    assertThat(DelayLimits.exceeds(Delay.DLX_TTL, Duration.ofDays(3650))).isFalse();
    assertThat(DelayLimits.exceeds(Delay.DLX_TTL, Duration.ofDays(3651))).isTrue();
    assertThat(DelayLimits.exceeds(Delay.NONE, Duration.ofDays(365 * 292))).isFalse();
    assertThat(DelayLimits.exceeds(Delay.NONE, Duration.ofDays(365 * 293))).isTrue();
  }

  @Test
  void aDeadLetterCopyIsStampedWithItsDeathTimeAsItIsSentAndTheDecisionStaysWithoutAClock() {
    Map<String, Object> decided = Map.of(Settlement.DEATH_REASON_HEADER, "max-attempts");
    assertThat(Settlement.diedAt(decided, 1_765_000_000_000L))
        .containsEntry(Settlement.DIED_AT_HEADER, 1_765_000_000_000L)
        .containsEntry(Settlement.DEATH_REASON_HEADER, "max-attempts");
    assertThat(decided).doesNotContainKey(Settlement.DIED_AT_HEADER);
  }
}
