package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Warren's partitioned side of the {@code partitions} scenario ({@link PartitionScenario}): counts
 * the delivery and acks it. Each run names its exchange and partition count by configuration.
 */
@ApplicationScoped
public class PartitionedConsumer {

  /** The consumer's name, under which each run sets {@code queue} and {@code partitions}. */
  static final String NAME = "bench-partitioned";

  @RabbitConsumer(
      name = NAME,
      queue = PartitionScenario.PARTITIONED,
      queueType = QueueType.QUORUM,
      prefetch = ConsumeScenario.PREFETCH,
      partitions = 1)
  public Outcome onMessage(byte[] body) {
    PartitionScenario.handle();
    return Outcome.ack();
  }
}
