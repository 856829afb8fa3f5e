package dev.warren.internal.model;

import dev.warren.Delay;
import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.settlement.ConsumerPolicy;
import dev.warren.internal.settlement.DelayTier;
import dev.warren.internal.settlement.DelayedRetry;
import jakarta.enterprise.inject.spi.Bean;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything Warren knows about one consumer, built once at deployment and never changed.
 *
 * @param name the consumer's unique name
 * @param where {@code BeanClass#method}, for messages
 * @param bean the CDI bean declaring the method
 * @param shape the method's parameters and return kind
 * @param queue the queue to consume from
 * @param queueType the queue's type
 * @param prefetch the {@code basic.qos} prefetch count, at least 1
 * @param concurrency deliveries handled at the same time, at least 1
 * @param batchSize deliveries per call, 1 when the consumer is not a batch consumer
 * @param batchWait how long a batch waits for more deliveries after its first
 * @param declareTopology whether to declare the queue (else only check it exists)
 * @param enabled whether the consumer starts
 * @param maxAttempts the cap on deliveries, 0 for none
 * @param deadLetter the queue for messages at the cap, {@code ""} for none
 * @param retry where classic retry copies go
 * @param bindings exchanges to bind the queue to (declare-topology only)
 * @param arguments the queue's own {@code x-*} arguments (declare-topology only), without {@code
 *     x-delivery-limit}, which Warren sets for the broker's version
 * @param deliveryLimit for a quorum consumer without a cap: the delivery limit its queue has
 *     (unlimited unless the settings say otherwise, when Warren declares it); else unstated
 * @param delay where delayed retries wait
 * @param delayTarget the wait queue or delayed exchange (resolved default)
 * @param delayTiers the wait queues of a tiered {@code DLX_TTL} delay, shortest first
 * @param handlerTimeout the longest a call may take before its delivery (or batch) is settled as
 *     {@code retry()}; {@link Duration#ZERO} for no limit
 * @param delayedRetry the quorum queue's own back-off (RabbitMQ 4.3 and later), {@link
 *     DelayedRetry#NONE} for none
 * @param partition the partition this consumer is, {@link Partition#NONE} for one that is not
 *     partitioned
 */
public record ConsumerModel(
    String name,
    String where,
    Bean<?> bean,
    HandlerShape shape,
    String queue,
    QueueType queueType,
    int prefetch,
    int concurrency,
    int batchSize,
    Duration batchWait,
    boolean declareTopology,
    boolean enabled,
    int maxAttempts,
    String deadLetter,
    RetryTarget retry,
    List<BindingModel> bindings,
    Map<String, Object> arguments,
    DeliveryLimit deliveryLimit,
    Delay delay,
    String delayTarget,
    List<DelayTier> delayTiers,
    Duration handlerTimeout,
    DelayedRetry delayedRetry,
    Partition partition) {

  /**
   * Where classic retry copies go.
   *
   * @param exchange the exchange, {@code ""} for the default exchange
   * @param routingKey the routing key
   * @param persistent whether copies are persistent
   */
  public record RetryTarget(String exchange, String routingKey, boolean persistent) {}

  /**
   * One exchange bound to the queue.
   *
   * @param exchange the exchange, declared durable
   * @param type its type
   * @param routingKeys the binding keys
   */
  public record BindingModel(String exchange, String type, List<String> routingKeys) {}

  /** Whether the method is called with batches of deliveries. */
  public boolean batched() {
    return batchSize > 1;
  }

  /** Whether the consumer has an attempt cap. */
  public boolean capped() {
    return maxAttempts > 0;
  }

  /** The wait queues a {@code DLX_TTL} consumer needs: one per tier, or the delay target. */
  public List<String> waitQueues() {
    if (delay != Delay.DLX_TTL) {
      return List.of();
    }
    return delayTiers.isEmpty()
        ? List.of(delayTarget)
        : delayTiers.stream().map(DelayTier::queue).toList();
  }

  /** What the settlement decision needs. */
  public ConsumerPolicy policy(String retryCountHeader) {
    return new ConsumerPolicy(
        queue,
        queueType,
        maxAttempts,
        deadLetter,
        retry.exchange(),
        retry.routingKey(),
        retry.persistent(),
        retryCountHeader,
        delay,
        delayTarget,
        delayTiers,
        delayedRetry);
  }
}
