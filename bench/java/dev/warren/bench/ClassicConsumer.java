package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Warren's side of the classic consume run: counts the delivery and acks it. */
@ApplicationScoped
public class ClassicConsumer {

  /** The consumer's name; {@code warren.consumers.bench-classic.queue} names each run's queue. */
  static final String NAME = "bench-classic";

  @RabbitConsumer(
      name = NAME,
      queue = ConsumeScenario.CLASSIC_QUEUE,
      prefetch = 250,
      concurrency = 1)
  public Outcome onMessage(byte[] body) {
    Tally.current.pass();
    Tally.current.finished();
    return Outcome.ack();
  }
}
