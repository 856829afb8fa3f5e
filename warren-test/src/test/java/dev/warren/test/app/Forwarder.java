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

  @Inject Publisher publisher;

  @RabbitConsumer(queue = IN)
  public CompletionStage<Outcome> forward(String body) {
    return publisher.publish("", OUT, "forwarded:" + body).thenApply(ok -> Outcome.ack());
  }
}
