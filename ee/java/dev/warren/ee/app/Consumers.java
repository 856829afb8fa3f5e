package dev.warren.ee.app;

import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;

/** The scenarios' consumers that need nothing of the server but CDI, MP Config and JSON-B. */
@ApplicationScoped
public class Consumers {

  public static final String OUTCOMES = "ee.outcomes";
  public static final String OUTCOMES_DLQ = "ee.outcomes.dlq";
  public static final String CAPS = "ee.caps";
  public static final String CAPS_DLQ = "ee.caps.dlq";
  public static final String QUORUM = "ee.quorum";
  public static final String QUORUM_DLQ = "ee.quorum.dlq";
  public static final String DELAY_IN_PROCESS = "ee.delay.none";
  public static final String DELAY_TTL = "ee.delay.ttl";
  public static final String BATCH = "ee.batch";
  public static final String SCOPE = "ee.scope";
  public static final String OVERRIDE_ANNOTATION = "ee.override.annotation";
  public static final String OVERRIDE_WAR = "ee.override.war";
  public static final String OVERRIDE_SERVER = "ee.override.server";

  @Inject PerDelivery perDelivery;

  /** The body's action decides; an undecodable body never gets here. */
  @RabbitConsumer(queue = OUTCOMES)
  public Outcome outcome(Order order, Delivery delivery) {
    Seen.add(OUTCOMES, order.id() + ":" + delivery.attempt());
    return switch (order.action()) {
      case "drop" -> Outcome.drop();
      case "retry" -> delivery.redelivered() ? Outcome.ack() : Outcome.retry();
      default -> Outcome.ack();
    };
  }

  @RabbitConsumer(queue = CAPS, maxAttempts = 3, deadLetter = CAPS_DLQ)
  public Outcome capped(String body, Delivery delivery) {
    Seen.add(CAPS, body + ":" + delivery.attempt());
    return Outcome.retry();
  }

  @RabbitConsumer(
      queue = QUORUM,
      queueType = QueueType.QUORUM,
      maxAttempts = 2,
      deadLetter = QUORUM_DLQ)
  public Outcome quorum(String body, Delivery delivery) {
    Seen.add(QUORUM, body + ":" + delivery.attempt());
    return Outcome.retry();
  }

  @RabbitConsumer(queue = DELAY_IN_PROCESS)
  public Outcome delayedInProcess(String body, Delivery delivery) {
    Seen.add(DELAY_IN_PROCESS, body + ":" + delivery.attempt() + "@" + System.nanoTime());
    return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(400)) : Outcome.ack();
  }

  @RabbitConsumer(queue = DELAY_TTL, delay = Delay.DLX_TTL)
  public Outcome delayedOnTheBroker(String body, Delivery delivery) {
    Seen.add(DELAY_TTL, body + ":" + delivery.attempt() + "@" + System.nanoTime());
    return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(400)) : Outcome.ack();
  }

  @RabbitConsumer(queue = BATCH, batchSize = 5, prefetch = 10, batchWait = "300ms")
  public Outcome batch(List<String> bodies) {
    Seen.add(BATCH, String.join(",", bodies));
    return Outcome.ack();
  }

  /** Each delivery has a request context of its own. */
  @RabbitConsumer(queue = SCOPE)
  public void requestScoped(String body) {
    String first = perDelivery.id();
    String second = perDelivery.id();
    Seen.add(SCOPE, body + ":" + first + ":" + first.equals(second));
  }

  /** The WAR's config moves it to {@value #OVERRIDE_WAR}, the server's to the other queue. */
  @RabbitConsumer(name = "ee-override", queue = OVERRIDE_ANNOTATION)
  public void overridden(String body, Delivery delivery) {
    Seen.add(OVERRIDE_SERVER, body + "@" + delivery.routingKey());
  }
}
