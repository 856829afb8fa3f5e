package dev.warren.ee.lifecycle;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Deployed and undeployed three times. */
@ApplicationScoped
public class Cycle {

  public static final String QUEUE = "ee.cycle";

  @RabbitConsumer(queue = QUEUE, concurrency = 2)
  public void handle(String body) {}
}
