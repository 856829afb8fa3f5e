package dev.warren.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.QueueType;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The broker's consumer timeout per version and queue type, and the {@code x-consumer-timeout} a
 * consumer subscribes with.
 */
class ConsumerTimeoutsTest {

  private static final BrokerVersion V3 = BrokerVersion.parse("3.10.8");
  private static final BrokerVersion V40 = BrokerVersion.parse("4.0.5");
  private static final BrokerVersion V42 = BrokerVersion.parse("4.2.9");
  private static final BrokerVersion V43 = BrokerVersion.parse("4.3.6");
  private static final BrokerVersion V5 = BrokerVersion.parse("5.0.0");
  private static final Duration CONFIRM = Duration.ofSeconds(30);

  private static ConsumerModel model(
      QueueType type, int prefetch, int concurrency, int batchSize, Duration handlerTimeout) {
    return TestConsumerModel.consumer()
        .type(type)
        .prefetch(prefetch)
        .concurrency(concurrency)
        .batchSize(batchSize)
        .handlerTimeout(handlerTimeout)
        .build();
  }

  @Test
  void atLeastComparesMajorThenMinorAndAnUnknownVersionIsNeverAtLeastAnything() {
    assertThat(V43.atLeast(4, 3)).isTrue();
    assertThat(V5.atLeast(4, 3)).isTrue();
    assertThat(V42.atLeast(4, 3)).isFalse();
    assertThat(V3.atLeast(4, 0)).isFalse();
    assertThat(V3.atLeast(3, 10)).isTrue();
    assertThat(BrokerVersion.UNKNOWN.atLeast(0, 0)).isFalse();
  }

  @Test
  void classicConsumersNeverTimeOutFromRabbitMq43OnQuorumConsumersAlways() {
    assertThat(ConsumerTimeouts.timesOut(QueueType.CLASSIC, V3)).isTrue();
    assertThat(ConsumerTimeouts.timesOut(QueueType.CLASSIC, V40)).isTrue();
    assertThat(ConsumerTimeouts.timesOut(QueueType.CLASSIC, V43)).isFalse();
    assertThat(ConsumerTimeouts.timesOut(QueueType.CLASSIC, BrokerVersion.UNKNOWN)).isTrue();
    assertThat(ConsumerTimeouts.timesOut(QueueType.QUORUM, V43)).isTrue();
    assertThat(ConsumerTimeouts.cancelsConsumers(V43)).isTrue();
    assertThat(ConsumerTimeouts.cancelsConsumers(V40)).isFalse();
  }

  @Test
  void aQuorumConsumerWithAHandlerTimeoutOn43SendsItsLongestHoldPlusAMargin() {
    // prefetch 4 on 2 workers: a delivery waits for at most one call before its own; 2 × 10 s,
    // one more handler-timeout, the confirm timeout and 30 s
    ConsumerModel model = model(QueueType.QUORUM, 4, 2, 1, Duration.ofSeconds(10));

    assertThat(ConsumerTimeouts.longestHold(model)).isEqualTo(Duration.ofSeconds(20));
    assertThat(ConsumerTimeouts.argumentMillis(model, V43, CONFIRM))
        .isEqualTo(OptionalLong.of(90_000));
  }

  @Test
  void aBatchConsumersHoldCountsItsBatchWait() {
    // prefetch 10, batches of 5 on one worker: two calls of (2 s + 50 ms)
    ConsumerModel model = model(QueueType.QUORUM, 10, 1, 5, Duration.ofSeconds(2));

    assertThat(ConsumerTimeouts.longestHold(model)).isEqualTo(Duration.ofMillis(4_100));
  }

  @Test
  void noArgumentForClassicQueuesOlderBrokersOrWithoutAHandlerTimeout() {
    Duration tenSeconds = Duration.ofSeconds(10);
    // a classic queue refuses it with 406
    assertThat(
            ConsumerTimeouts.argumentMillis(
                model(QueueType.CLASSIC, 1, 1, 1, tenSeconds), V43, CONFIRM))
        .isEmpty();
    // 3.10 and 4.0 ignore it
    assertThat(
            ConsumerTimeouts.argumentMillis(
                model(QueueType.QUORUM, 1, 1, 1, tenSeconds), V3, CONFIRM))
        .isEmpty();
    assertThat(
            ConsumerTimeouts.argumentMillis(
                model(QueueType.QUORUM, 1, 1, 1, tenSeconds), V42, CONFIRM))
        .isEmpty();
    assertThat(
            ConsumerTimeouts.argumentMillis(
                model(QueueType.QUORUM, 1, 1, 1, tenSeconds), BrokerVersion.UNKNOWN, CONFIRM))
        .isEmpty();
    // without a handler-timeout the queue's or the node's timeout applies
    assertThat(
            ConsumerTimeouts.argumentMillis(
                model(QueueType.QUORUM, 1, 1, 1, Duration.ZERO), V43, CONFIRM))
        .isEmpty();
  }

  @Test
  void aHugeHandlerTimeoutSendsTheLongestSigned32BitValue() {
    ConsumerModel model = model(QueueType.QUORUM, 65_535, 1, 1, Duration.ofDays(365 * 100));

    assertThat(ConsumerTimeouts.argumentMillis(model, V43, CONFIRM))
        .isEqualTo(OptionalLong.of(Integer.MAX_VALUE));
  }
}
