package dev.warren.it.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Argument;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * Quorum consumers without maxAttempts on queues Warren declares behave the same on RabbitMQ 3.x
 * and 4.x: retry() has no limit (RabbitMQ 4.x would drop the message after 21 deliveries if Warren
 * declared no x-delivery-limit), and an explicit limit means the same number on both. What Warren
 * declares to get there differs by version, and the tests say so.
 */
class QuorumDeliveryLimitIT extends WarrenIT {

  static final String UNCAPPED = "warren.it.limit.uncapped";
  static final String REQUEUED = "warren.it.limit.requeued";
  static final String LIMITED = "warren.it.limit.limited";
  static final String LIMITED_DLQ = "warren.it.limit.limited.dlq";

  /** More than the 21 deliveries RabbitMQ 4's default limit allows. */
  static final int PAST_DEFAULT_LIMIT = 25;

  @BeforeDeployment
  static void prepare() {
    for (String queue : List.of(UNCAPPED, REQUEUED, LIMITED)) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
      TestConfig.set("warren.consumers." + queue + ".declare-topology", "true");
    }
    Broker.get().queue(LIMITED_DLQ);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  @ApplicationScoped
  public static class Handlers {
    static final List<Integer> UNCAPPED_ATTEMPTS = new CopyOnWriteArrayList<>();
    static final List<Integer> REQUEUED_ATTEMPTS = new CopyOnWriteArrayList<>();
    static final List<Integer> LIMITED_ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = UNCAPPED, queueType = QueueType.QUORUM)
    public Outcome uncapped(String body, Delivery delivery) {
      UNCAPPED_ATTEMPTS.add(delivery.attempt());
      return delivery.attempt() < PAST_DEFAULT_LIMIT ? Outcome.retry() : Outcome.ack();
    }

    /** retryAfter without a delay strategy on a quorum queue is a requeue: the same limit. */
    @RabbitConsumer(queue = REQUEUED, queueType = QueueType.QUORUM)
    public Outcome requeued(String body, Delivery delivery) {
      REQUEUED_ATTEMPTS.add(delivery.attempt());
      return delivery.attempt() < PAST_DEFAULT_LIMIT
          ? Outcome.retryAfter(Duration.ofMillis(1))
          : Outcome.ack();
    }

    @RabbitConsumer(
        queue = LIMITED,
        queueType = QueueType.QUORUM,
        arguments = {
          @Argument(name = "x-delivery-limit", value = "2", type = Argument.Type.NUMBER),
          @Argument(name = "x-dead-letter-exchange", value = ""),
          @Argument(name = "x-dead-letter-routing-key", value = LIMITED_DLQ)
        })
    public Outcome limited(String body, Delivery delivery) {
      LIMITED_ATTEMPTS.add(delivery.attempt());
      return Outcome.retry();
    }
  }

  private static List<Integer> oneTo(int n) {
    return IntStream.rangeClosed(1, n).boxed().toList();
  }

  @Test
  void retryWithoutACapHasNoLimitOnEitherVersion() {
    Broker.get().publish(UNCAPPED, "u-1");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> Handlers.UNCAPPED_ATTEMPTS.size() == PAST_DEFAULT_LIMIT);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(UNCAPPED) == 0);
    assertThat(Handlers.UNCAPPED_ATTEMPTS).isEqualTo(oneTo(PAST_DEFAULT_LIMIT));
  }

  @Test
  void retryAfterWithoutADelayStrategyHasNoLimitEither() {
    Broker.get().publish(REQUEUED, "r-1");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> Handlers.REQUEUED_ATTEMPTS.size() == PAST_DEFAULT_LIMIT);
    assertThat(Handlers.REQUEUED_ATTEMPTS).isEqualTo(oneTo(PAST_DEFAULT_LIMIT));
  }

  @Test
  void warrenDeclaresNoLimitAsEachVersionSpellsIt() {
    Map<String, Object> typeOnly = Map.of("x-queue-type", "quorum");
    Map<String, Object> minusOne = Map.of("x-queue-type", "quorum", "x-delivery-limit", -1);
    if (Broker.get().rabbitMq4()) {
      // 4.x: no argument would mean a limit of 20; -1 means none
      assertThat(Broker.get().redeclareRefused(UNCAPPED, minusOne)).isFalse();
      assertThat(Broker.get().redeclareRefused(UNCAPPED, typeOnly)).isTrue();
    } else {
      // 3.x: no argument means no limit; -1 would dead-letter on the first return
      assertThat(Broker.get().redeclareRefused(UNCAPPED, typeOnly)).isFalse();
      assertThat(Broker.get().redeclareRefused(UNCAPPED, minusOne)).isTrue();
    }
  }

  @Test
  void anExplicitLimitGivesTheSameDeliveriesOnBothVersionsThenTheQueuesOwnRoute() {
    Broker.get().publish(LIMITED, "l-1", Map.of("tenant", "acme"));
    await().atMost(Duration.ofSeconds(15)).until(() -> Broker.get().ready(LIMITED_DLQ) == 1);
    assertThat(Handlers.LIMITED_ATTEMPTS).containsExactly(1, 2, 3);
    GetResponse dead = Broker.get().drain(LIMITED_DLQ).get(0);
    assertThat(new String(dead.getBody())).isEqualTo("l-1");
    assertThat(dead.getProps().getHeaders().get("x-first-death-reason").toString())
        .isEqualTo("delivery_limit");
    assertThat(Broker.get().ready(LIMITED)).isZero();
  }
}
