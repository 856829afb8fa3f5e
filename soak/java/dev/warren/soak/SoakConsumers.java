package dev.warren.soak;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Warren's consumers of the soak streams: each records the delivery in its {@link Stream} and acks
 * it. The classic one starts only when {@code soak.queues} names it ({@code
 * warren.consumers.soak-classic.enabled}).
 */
@ApplicationScoped
public class SoakConsumers {

  static final String QUORUM_QUEUE = "warren.soak.quorum";
  static final String CLASSIC_QUEUE = "warren.soak.classic";

  /** The streams of this run by kind ({@code quorum}, {@code classic}), set before Weld boots. */
  static final Map<String, Stream> STREAMS = new ConcurrentHashMap<>();

  /** How long each call takes ({@code soak.handler-delay}), set before Weld boots. */
  static volatile long handlerDelayMillis;

  @RabbitConsumer(
      name = "soak-quorum",
      queue = QUORUM_QUEUE,
      queueType = QueueType.QUORUM,
      prefetch = 100)
  public Outcome onQuorum(String body, Delivery delivery) {
    STREAMS.get("quorum").received(body, delivery.redelivered());
    linger();
    return Outcome.ack();
  }

  @RabbitConsumer(name = "soak-classic", queue = CLASSIC_QUEUE, prefetch = 100)
  public Outcome onClassic(String body, Delivery delivery) {
    STREAMS.get("classic").received(body, delivery.redelivered());
    linger();
    return Outcome.ack();
  }

  private static void linger() {
    if (handlerDelayMillis > 0) {
      try {
        Thread.sleep(handlerDelayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
