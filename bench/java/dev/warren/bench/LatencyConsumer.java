package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Warren's side of the latency runs: reports the delivery's send time and acks it. */
@ApplicationScoped
public class LatencyConsumer {

  /** The consumer's name; {@code warren.consumers.bench-latency.queue} names each run's queue. */
  static final String NAME = "bench-latency";

  @RabbitConsumer(
      name = NAME,
      queue = LatencyScenario.QUEUE,
      prefetch = ConsumeScenario.PREFETCH,
      concurrency = 1)
  public Outcome onMessage(byte[] body) {
    Arrivals.current.arrived(body);
    return Outcome.ack();
  }
}
