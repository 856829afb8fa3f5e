package dev.warren.it.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
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
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.2 on a real quorum queue declared by Warren: the pair becomes the queue's delivery limit
 * and dead-letter route, retry is a plain requeue, and the broker parks the message.
 */
class QuorumCapsIT extends WarrenIT {

  static final String QUEUE = "warren.it.caps.quorum";
  static final String DLQ = "warren.it.caps.quorum.dlq";

  static final Map<String, Object> EXPECTED_ARGUMENTS =
      Map.of(
          "x-queue-type",
          "quorum",
          "x-delivery-limit",
          2,
          "x-dead-letter-exchange",
          "",
          "x-dead-letter-routing-key",
          DLQ);

  @BeforeDeployment
  static void prepare() {
    Broker.get().deleteQueue(QUEUE);
    Broker.get().deleteQueue(DLQ);
    Broker.get().forget(QUEUE).forget(DLQ);
    TestConfig.set("warren.consumers." + QUEUE + ".declare-topology", "true");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  @ApplicationScoped
  public static class Handler {
    static final List<Integer> ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE, queueType = QueueType.QUORUM, maxAttempts = 3, deadLetter = DLQ)
    public Outcome alwaysRetries(String body, Delivery delivery) {
      ATTEMPTS.add(delivery.attempt());
      return Outcome.retry();
    }
  }

  @Test
  void theQueueHasExactlyTheArgumentsOfThePair() {
    // redeclaring with exactly these arguments succeeds; any other limit is refused with 406
    assertThat(Broker.get().redeclareRefused(QUEUE, EXPECTED_ARGUMENTS)).isFalse();
    Map<String, Object> otherLimit = new java.util.HashMap<>(EXPECTED_ARGUMENTS);
    otherLimit.put("x-delivery-limit", 5);
    assertThat(Broker.get().redeclareRefused(QUEUE, otherLimit)).isTrue();
    assertThat(Broker.get().exists(DLQ)).isTrue();
  }

  @Test
  void threeDeliveriesThenTheBrokerDeadLettersWithDeliveryLimit() {
    Broker.get().publish(QUEUE, "q-1", Map.of("tenant", "acme"));
    await().atMost(Duration.ofSeconds(15)).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(Handler.ATTEMPTS).containsExactly(1, 2, 3);
    GetResponse dead = Broker.get().drain(DLQ).get(0);
    assertThat(new String(dead.getBody())).isEqualTo("q-1");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> death =
        (List<Map<String, Object>>) dead.getProps().getHeaders().get("x-death");
    assertThat(death.get(0).get("reason").toString()).isEqualTo("delivery_limit");
    assertThat(dead.getProps().getHeaders().get("tenant").toString()).isEqualTo("acme");
    assertThat(Broker.get().ready(QUEUE)).isZero();
  }
}
