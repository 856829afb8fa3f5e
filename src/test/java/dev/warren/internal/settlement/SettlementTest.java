package dev.warren.internal.settlement;

import static org.assertj.core.api.Assertions.assertThat;

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
class SettlementTest {

  static final String HEADER = "x-warren-retry-count";
  static final Map<String, Object> USER_HEADERS = Map.of("tenant", "acme");

  static ConsumerPolicy uncapped(QueueType type) {
    return ConsumerPolicy.uncapped("orders", type, HEADER);
  }

  static final ConsumerPolicy CLASSIC_CAPPED =
      new ConsumerPolicy("orders", QueueType.CLASSIC, 3, "orders.dlq", "", "orders", true, HEADER);

  static final ConsumerPolicy CLASSIC_CAPPED_NO_DLQ =
      new ConsumerPolicy("orders", QueueType.CLASSIC, 3, "", "", "orders", true, HEADER);

  static final ConsumerPolicy QUORUM_CAPPED =
      new ConsumerPolicy("orders", QueueType.QUORUM, 3, "orders.dlq", "", "orders", true, HEADER);

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

  // ---- SPEC 3.1: classic queue, Warren counts ----

  @Test
  void retryBelowTheCapCopiesToTheQueueWithTheCountPlusOne() {
    Action first = decide(Outcome.retry(), 1, CLASSIC_CAPPED);
    assertThat(first)
        .isEqualTo(
            new Action.Copy(
                "", "orders", Map.of("tenant", "acme", HEADER, 1L), true, Action.Reason.RETRY));
    Action second = Settlement.decide(Outcome.retry(), 2, Map.of(HEADER, 1L), null, CLASSIC_CAPPED);
    assertThat(((Action.Copy) second).headers()).containsEntry(HEADER, 2L);
  }

  @Test
  void retryCopiesGoWhereTheRetryPublisherSays() {
    ConsumerPolicy policy =
        new ConsumerPolicy(
            "orders", QueueType.CLASSIC, 3, "orders.dlq", "retries", "orders.again", false, HEADER);
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

  // ---- retryAfter, while no delay strategy exists: a retry, and the delay is discarded ----

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void retryAfterWithoutACapIsRequeuedAtOnce(QueueType type) {
    assertThat(decide(Outcome.retryAfter(Duration.ofSeconds(5)), 1, uncapped(type)))
        .isEqualTo(new Action.Reject(true, Action.Reason.DELAY_NOT_SUPPORTED));
  }

  @Test
  void retryAfterOnACappedClassicQueueCountsLikeRetry() {
    Action.Copy below =
        (Action.Copy) decide(Outcome.retryAfter(Duration.ofSeconds(5)), 1, CLASSIC_CAPPED);
    assertThat(below.headers()).containsEntry(HEADER, 1L);
    assertThat(below.reason()).isEqualTo(Action.Reason.DELAY_NOT_SUPPORTED);
    Action.Copy atCap =
        (Action.Copy) decide(Outcome.retryAfter(Duration.ofSeconds(5)), 3, CLASSIC_CAPPED);
    assertThat(atCap.routingKey()).isEqualTo("orders.dlq");
  }

  // ---- rules that hold everywhere ----

  @Test
  void noDecisionCanBeANack() {
    assertThat(List.of(Action.class.getPermittedSubclasses()))
        .containsExactlyInAnyOrder(Action.Ack.class, Action.Reject.class, Action.Copy.class);
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
