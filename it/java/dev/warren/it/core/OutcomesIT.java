package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/** Each outcome has its broker-visible effect on a classic queue with a dead-letter exchange. */
class OutcomesIT extends WarrenIT {

  static final String QUEUE = "warren.it.outcomes";
  static final String DLQ = "warren.it.outcomes.dlq";

  @BeforeDeployment
  static void prepare() {
    Broker.get()
        .queue(DLQ)
        .queue(QUEUE, Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ));
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(ByBody.class);
  }

  /** Settles each message as its body says; records every delivery it sees. */
  @ApplicationScoped
  public static class ByBody {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body, Delivery delivery) {
      SEEN.add(body + (delivery.redelivered() ? ":redelivered" : ":first"));
      if (body.startsWith("ack")) {
        return Outcome.ack();
      }
      if (body.startsWith("drop")) {
        return Outcome.drop();
      }
      // retry once, then ack the redelivery
      return delivery.redelivered() ? Outcome.ack() : Outcome.retry();
    }
  }

  @Test
  void ackRemovesTheMessage() {
    Broker.get().publish(QUEUE, "ack-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> ByBody.SEEN.contains("ack-1:first"));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
    assertThat(Broker.get().drain(DLQ)).isEmpty();
    assertThat(ByBody.SEEN).containsOnlyOnce("ack-1:first");
  }

  @Test
  void dropDeadLettersThroughTheQueuesOwnExchange() {
    Broker.get().publish(QUEUE, "drop-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(DLQ) == 1);
    GetResponse dead = Broker.get().drain(DLQ).get(0);
    assertThat(new String(dead.getBody())).isEqualTo("drop-1");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> death =
        (List<Map<String, Object>>) dead.getProps().getHeaders().get("x-death");
    assertThat(death.get(0).get("reason").toString()).isEqualTo("rejected");
    assertThat(ByBody.SEEN).containsOnlyOnce("drop-1:first").doesNotContain("drop-1:redelivered");
  }

  @Test
  void retryRedeliversWithTheRedeliveredFlag() {
    Broker.get().publish(QUEUE, "retry-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> ByBody.SEEN.contains("retry-1:redelivered"));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
    assertThat(ByBody.SEEN)
        .containsOnlyOnce("retry-1:first")
        .containsOnlyOnce("retry-1:redelivered");
    assertThat(Broker.get().drain(DLQ)).isEmpty();
  }
}
