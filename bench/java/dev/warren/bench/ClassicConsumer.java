package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Warren's side of the classic consume run: counts the delivery and acks it. */
@ApplicationScoped
public class ClassicConsumer {

  @RabbitConsumer(queue = ConsumeScenario.CLASSIC_QUEUE, prefetch = 250, concurrency = 1)
  public Outcome onMessage(byte[] body) {
    Tally.current.finished();
    return Outcome.ack();
  }
}
