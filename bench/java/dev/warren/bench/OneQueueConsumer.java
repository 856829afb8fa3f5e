package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The one-queue side of the {@code partitions} scenario ({@link PartitionScenario}): one quorum
 * queue whose concurrency and prefetch each run sets by configuration.
 */
@ApplicationScoped
public class OneQueueConsumer {

  /** The consumer's name, under which each run sets {@code queue}, {@code concurrency} and more. */
  static final String NAME = "bench-partitions-one";

  @RabbitConsumer(
      name = NAME,
      queue = PartitionScenario.ONE_QUEUE,
      queueType = QueueType.QUORUM,
      prefetch = ConsumeScenario.PREFETCH)
  public Outcome onMessage(byte[] body) {
    PartitionScenario.handle();
    return Outcome.ack();
  }
}
