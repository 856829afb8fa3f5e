package dev.warren.bench;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Warren's responder in the request/reply run: replies with the request's body. */
@ApplicationScoped
public class EchoResponder {

  /** The consumer's name; {@code warren.consumers.bench-echo.queue} names each run's queue. */
  static final String NAME = "bench-echo";

  @RabbitConsumer(
      name = NAME,
      queue = RequestReplyScenario.QUEUE,
      prefetch = ConsumeScenario.PREFETCH,
      concurrency = 1)
  public byte[] echo(byte[] request) {
    return request;
  }
}
