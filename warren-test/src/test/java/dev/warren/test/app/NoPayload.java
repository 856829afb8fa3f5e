package dev.warren.test.app;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** A consumer Warren refuses: it has no payload parameter. */
@ApplicationScoped
public class NoPayload {
  @RabbitConsumer(queue = "nothing")
  public Outcome nothing() {
    return Outcome.ack();
  }
}
