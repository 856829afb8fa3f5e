package dev.warren.internal.extension;

import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.Partition;
import dev.warren.internal.settlement.DelayTier;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a partitioned consumer into one consumer per partition: partition {@code i} is named {@code
 * <name>[i]}, reads quorum queue {@code <queue>.i}, and has wait queues (or a delayed exchange) of
 * its own, suffixed {@code .i}, so that a delayed retry returns to the partition it came from.
 * Everything else (settings, dead letter queue, delivery limit) is the consumer's.
 */
final class Partitions {

  private Partitions() {}

  /**
   * The partitions of {@code group}, whose partition names the exchange and the count, each with
   * this instance's priority for it.
   */
  static List<ConsumerModel> expand(ConsumerModel group, String instanceId) {
    String exchange = group.partition().exchange();
    List<ConsumerModel> partitions = new ArrayList<>();
    for (int i = 0; i < group.partition().count(); i++) {
      String queue = Partition.queue(exchange, i);
      String suffix = "." + i;
      partitions.add(
          new ConsumerModel(
              Partition.name(group.name(), i),
              group.where(),
              group.bean(),
              group.shape(),
              queue,
              group.queueType(),
              group.prefetch(),
              group.concurrency(),
              group.batchSize(),
              group.batchWait(),
              group.declareTopology(),
              group.enabled(),
              group.maxAttempts(),
              group.deadLetter(),
              new ConsumerModel.RetryTarget(
                  group.retry().exchange(), queue, group.retry().persistent()),
              group.bindings(),
              group.arguments(),
              group.deliveryLimit(),
              group.delay(),
              group.delayTarget().isEmpty() ? "" : group.delayTarget() + suffix,
              group.delayTiers().stream()
                  .map(tier -> new DelayTier(tier.upTo(), tier.queue() + suffix))
                  .toList(),
              group.handlerTimeout(),
              group.delayedRetry(),
              new Partition(
                  exchange,
                  i,
                  group.partition().count(),
                  Partition.priority(instanceId, exchange, i))));
    }
    return List.copyOf(partitions);
  }
}
