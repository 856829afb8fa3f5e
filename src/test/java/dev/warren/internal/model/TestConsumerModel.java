package dev.warren.internal.model;

import dev.warren.Delay;
import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.model.ConsumerModel.RetryTarget;
import dev.warren.internal.settlement.DelayedRetry;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A consumer model for unit tests: the defaults of a plain classic consumer ({@code orders} on
 * queue {@code orders.in}, prefetch 250, no cap, no delay), changed only where a test says so, so
 * that a test names what matters to it and a new model field changes one place.
 */
public final class TestConsumerModel {

  private String name = "orders";
  private String where = "com.acme.Orders#onOrder";
  private String queue = "orders.in";
  private QueueType type = QueueType.CLASSIC;
  private int prefetch = 250;
  private int concurrency = 1;
  private int batchSize = 1;
  private boolean declare = true;
  private int maxAttempts;
  private String deadLetter = "";
  private Map<String, Object> arguments = Map.of();
  private DeliveryLimit deliveryLimit = DeliveryLimit.UNSTATED;
  private Duration handlerTimeout = Duration.ZERO;
  private DelayedRetry delayedRetry = DelayedRetry.NONE;
  private Partition partition = Partition.NONE;

  private TestConsumerModel() {}

  /** A plain classic consumer; change what the test needs. */
  public static TestConsumerModel consumer() {
    return new TestConsumerModel();
  }

  /** The consumer's name, its bean method and its queue. */
  public TestConsumerModel named(String name, String where, String queue) {
    this.name = name;
    this.where = where;
    this.queue = queue;
    return this;
  }

  public TestConsumerModel type(QueueType type) {
    this.type = type;
    return this;
  }

  public TestConsumerModel prefetch(int prefetch) {
    this.prefetch = prefetch;
    return this;
  }

  public TestConsumerModel concurrency(int concurrency) {
    this.concurrency = concurrency;
    return this;
  }

  public TestConsumerModel batchSize(int batchSize) {
    this.batchSize = batchSize;
    return this;
  }

  public TestConsumerModel declareTopology(boolean declare) {
    this.declare = declare;
    return this;
  }

  /** A cap of {@code maxAttempts} with {@code deadLetter} as its dead letter queue. */
  public TestConsumerModel cap(int maxAttempts, String deadLetter) {
    this.maxAttempts = maxAttempts;
    this.deadLetter = deadLetter;
    return this;
  }

  public TestConsumerModel arguments(Map<String, Object> arguments) {
    this.arguments = arguments;
    return this;
  }

  public TestConsumerModel deliveryLimit(DeliveryLimit deliveryLimit) {
    this.deliveryLimit = deliveryLimit;
    return this;
  }

  public TestConsumerModel handlerTimeout(Duration handlerTimeout) {
    this.handlerTimeout = handlerTimeout;
    return this;
  }

  public TestConsumerModel delayedRetry(DelayedRetry delayedRetry) {
    this.delayedRetry = delayedRetry;
    return this;
  }

  public TestConsumerModel partition(Partition partition) {
    this.partition = partition;
    return this;
  }

  public ConsumerModel build() {
    return new ConsumerModel(
        name,
        where,
        null,
        null,
        queue,
        type,
        prefetch,
        concurrency,
        batchSize,
        Duration.ofMillis(50),
        declare,
        true,
        maxAttempts,
        deadLetter,
        new RetryTarget("", queue, true),
        List.of(),
        arguments,
        deliveryLimit,
        Delay.NONE,
        "",
        List.of(),
        handlerTimeout,
        delayedRetry,
        partition);
  }
}
