package dev.warren.internal.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.impl.LongStringHelper;
import dev.warren.Delay;
import dev.warren.QueueType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SPEC sections 3.1 and 3.2: the first delivery is attempt 1; who counts depends on the queue. */
class AttemptsTest {

  private static final String HEADER = "x-warren-retry-count";

  private static Map<String, Object> headers(Object... keysAndValues) {
    Map<String, Object> headers = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      headers.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return headers;
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void noHeadersAtAllIsTheFirstAttempt(QueueType queueType) {
    assertThat(Attempts.of(queueType, null, HEADER)).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void noCountingHeaderIsTheFirstAttempt(QueueType queueType) {
    assertThat(Attempts.of(queueType, headers("other", 7L), HEADER)).isEqualTo(1);
  }

  @Test
  void classicAttemptIsOnePlusTheRetryCount() {
    assertThat(Attempts.of(QueueType.CLASSIC, headers(HEADER, 2L), HEADER)).isEqualTo(3);
  }

  @Test
  void classicIgnoresTheServerDeliveryCount() {
    Map<String, Object> headers = headers(Attempts.DELIVERY_COUNT, 4L);

    assertThat(Attempts.of(QueueType.CLASSIC, headers, HEADER)).isEqualTo(1);
  }

  @Test
  void classicUsesTheConfiguredHeaderName() {
    Map<String, Object> headers = headers("x-ruststream-retry-count", 2L, HEADER, 9L);

    assertThat(Attempts.of(QueueType.CLASSIC, headers, "x-ruststream-retry-count")).isEqualTo(3);
  }

  @Test
  void quorumAttemptIsOnePlusTheServerDeliveryCount() {
    Map<String, Object> headers = headers(Attempts.DELIVERY_COUNT, 2L);

    assertThat(Attempts.of(QueueType.QUORUM, headers, HEADER)).isEqualTo(3);
  }

  @Test
  void quorumDeliveryCountZeroIsTheFirstAttemptLikeAbsent() {
    Map<String, Object> zero = headers(Attempts.DELIVERY_COUNT, 0L);

    assertThat(Attempts.of(QueueType.QUORUM, zero, HEADER)).isEqualTo(1);
    assertThat(Attempts.of(QueueType.QUORUM, headers(), HEADER)).isEqualTo(1);
  }

  @Test
  void quorumIgnoresTheAcquiredCountOfRabbitMqFourThree() {
    // 4.3 raises x-acquired-count on nacks too; the delivery limit and Warren read x-delivery-count
    Map<String, Object> headers = headers(Attempts.ACQUIRED_COUNT, 5L);
    headers.put(Attempts.DELIVERY_COUNT, 2L);
    assertThat(Attempts.of(QueueType.QUORUM, headers, HEADER)).isEqualTo(3);
    assertThat(Attempts.of(QueueType.QUORUM, headers(Attempts.ACQUIRED_COUNT, 5L), HEADER))
        .isEqualTo(1);
  }

  @Test
  void quorumAddsTheRetryCountOfADelayedCopy() {
    Map<String, Object> headers = headers(Attempts.DELIVERY_COUNT, 1L, HEADER, 2L);

    assertThat(Attempts.of(QueueType.QUORUM, headers, HEADER)).isEqualTo(4);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void countsPublishedAsLongStringsAreRead(QueueType queueType) {
    Map<String, Object> headers = headers(HEADER, LongStringHelper.asLongString("2"));

    assertThat(Attempts.of(queueType, headers, HEADER)).isEqualTo(3);
  }

  @Test
  void quorumDeliveryCountAsLongStringIsRead() {
    Map<String, Object> headers =
        headers(Attempts.DELIVERY_COUNT, LongStringHelper.asLongString("2"));

    assertThat(Attempts.of(QueueType.QUORUM, headers, HEADER)).isEqualTo(3);
  }

  @Test
  void countsOfOtherNumberTypesAreRead() {
    assertThat(Attempts.of(QueueType.CLASSIC, headers(HEADER, 2), HEADER)).isEqualTo(3);
    assertThat(Attempts.of(QueueType.CLASSIC, headers(HEADER, (short) 2), HEADER)).isEqualTo(3);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void unreadableOrNegativeCountsCountAsZero(QueueType queueType) {
    assertThat(Attempts.of(queueType, headers(HEADER, "many"), HEADER)).isEqualTo(1);
    assertThat(Attempts.of(queueType, headers(HEADER, -5L), HEADER)).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void hugeCountsSaturateInsteadOfWrappingBelowTheCap(QueueType queueType) {
    // a wrapped attempt number would look like an early attempt and slip under any cap
    Map<String, Object> headers =
        headers(HEADER, Long.MAX_VALUE, Attempts.DELIVERY_COUNT, Long.MAX_VALUE);

    assertThat(Attempts.of(queueType, headers, HEADER)).isEqualTo(Integer.MAX_VALUE);
  }

  @ParameterizedTest
  @EnumSource(QueueType.class)
  void hugeCountsAsLongStringsSaturateToo(QueueType queueType) {
    Map<String, Object> headers =
        headers(HEADER, LongStringHelper.asLongString("99999999999999999999"));

    assertThat(Attempts.of(queueType, headers, HEADER)).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void theServerCountsOnAQuorumQueueOnlyAndWarrenPublishesNoCopiesThere() {
    assertThat(Attempts.serverCounts(QueueType.QUORUM)).isTrue();
    assertThat(Attempts.serverCounts(QueueType.CLASSIC)).isFalse();
    assertThat(
            new ConsumerPolicy(
                    "q",
                    QueueType.QUORUM,
                    3,
                    "q.dlq",
                    "",
                    "q",
                    true,
                    HEADER,
                    Delay.NONE,
                    "",
                    List.of(),
                    DelayedRetry.NONE)
                .publishesCopies())
        .isFalse();
    assertThat(
            new ConsumerPolicy(
                    "q",
                    QueueType.CLASSIC,
                    3,
                    "q.dlq",
                    "",
                    "q",
                    true,
                    HEADER,
                    Delay.NONE,
                    "",
                    List.of(),
                    DelayedRetry.NONE)
                .publishesCopies())
        .isTrue();
  }

  @ParameterizedTest
  @EnumSource(Delay.class)
  void aDelayIsDiscardedOnlyOnAQuorumQueueWithoutStrategy(Delay strategy) {
    assertThat(DelayLimits.discarded(QueueType.QUORUM, strategy)).isEqualTo(strategy == Delay.NONE);
    assertThat(DelayLimits.discarded(QueueType.CLASSIC, strategy)).isFalse();
  }
}
