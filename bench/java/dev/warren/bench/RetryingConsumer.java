package dev.warren.bench;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Warren's side of the retry run: asks for one retry of every message on its first delivery and
 * acks (and counts) it on the second.
 */
@ApplicationScoped
public class RetryingConsumer {

  /**
   * The consumer's name; {@code warren.consumers.bench-retry.queue} and {@code .dead-letter} name
   * each run's queues.
   */
  static final String NAME = "bench-retry";

  @RabbitConsumer(
      name = NAME,
      queue = RetryScenario.QUEUE,
      prefetch = ConsumeScenario.PREFETCH,
      concurrency = 1,
      maxAttempts = RetryScenario.MAX_ATTEMPTS,
      deadLetter = RetryScenario.QUEUE + ".dlq")
  public Outcome onMessage(byte[] body, Delivery delivery) {
    Tally.current.pass();
    if (delivery.attempt() == 1) {
      return Outcome.retry();
    }
    Tally.current.finished();
    return Outcome.ack();
  }
}
