package dev.warren.ee.lifecycle;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;

/**
 * Slow: each message is recorded as handled (a confirmed copy in {@value #DONE}) before it is
 * acked, so that after a server stop every message is either recorded or still queued.
 */
@ApplicationScoped
public class Slow {

  public static final String QUEUE = "ee.inflight";
  public static final String DONE = "ee.inflight.done";

  @Inject Publisher publisher;

  @RabbitConsumer(queue = QUEUE, concurrency = 2, prefetch = 10)
  public Outcome handle(String body) throws Exception {
    Thread.sleep(300);
    publisher.publish("", DONE, body).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return Outcome.ack();
  }
}
