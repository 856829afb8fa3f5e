package dev.warren.test.app;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletionStage;

/** For the kit with the broker: forwards what it gets, acked once the broker confirmed it. */
@ApplicationScoped
public class Forwarder {

  public static final String IN = "warren.test-kit.in";
  public static final String OUT = "warren.test-kit.out";
  public static final String RETRY = "warren.test-kit.retry";
  public static final String RETRY_DLQ = "warren.test-kit.retry.dlq";
  public static final String ECHO = "warren.test-kit.echo";

  @Inject Publisher publisher;

  @RabbitConsumer(queue = IN)
  public CompletionStage<Outcome> forward(String body) {
    return publisher.publish("", OUT, "forwarded:" + body).thenApply(ok -> Outcome.ack());
  }

  @RabbitConsumer(queue = RETRY, maxAttempts = 2, deadLetter = RETRY_DLQ)
  public Outcome busy(String body) {
    return Outcome.retry();
  }

  @RabbitConsumer(queue = ECHO)
  public String echo(String body) {
    return "echo:" + body;
  }
}
