package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Warren's side of the quorum consume run: counts the delivery and acks it. */
@ApplicationScoped
public class QuorumConsumer {

  /** The consumer's name; {@code warren.consumers.bench-quorum.queue} names each run's queue. */
  static final String NAME = "bench-quorum";

  @RabbitConsumer(
      name = NAME,
      queue = ConsumeScenario.QUORUM_QUEUE,
      queueType = QueueType.QUORUM,
      prefetch = 250,
      concurrency = 1)
  public Outcome onMessage(byte[] body) {
    Tally.current.pass();
    Tally.current.finished();
    return Outcome.ack();
  }
}
