package dev.warren.ee.lifecycle;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** Its queue does not exist: the deployment must fail with WARREN-016. */
@ApplicationScoped
public class Broken {

  public static final String QUEUE = "ee.missing";

  @RabbitConsumer(queue = QUEUE)
  public void handle(String body) {}
}
