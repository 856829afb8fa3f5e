package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 7: a returned {@code List<Outcome>} settles delivery i with outcome i; a list of the
 * wrong length retries the deliveries without an outcome and logs an error; an element that cannot
 * be decoded is dropped and never reaches the method.
 */
class BatchOutcomesIT extends WarrenIT {

  static final String ELEMENTS = "warren.it.batch.elements";
  static final String ELEMENTS_DLQ = "warren.it.batch.elements.dlq";
  static final String SHORT = "warren.it.batch.short";
  static final String DECODE = "warren.it.batch.decode";
  static final String DECODE_DLQ = "warren.it.batch.decode.dlq";

  @BeforeDeployment
  static void prepare() {
    Broker.get()
        .queue(ELEMENTS_DLQ)
        .queue(
            ELEMENTS,
            Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", ELEMENTS_DLQ))
        .queue(SHORT)
        .queue(DECODE_DLQ)
        .queue(
            DECODE, Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DECODE_DLQ));
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(ByElement.class, TooFew.class, Items.class, Item.class);
  }

  /** Settles each element as its body says; retries once before acking. */
  @ApplicationScoped
  public static class ByElement {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();
    static final List<Integer> SIZES = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = ELEMENTS, batchSize = 4, batchWait = "500ms")
    public List<Outcome> onBatch(List<String> bodies, List<Delivery> deliveries) {
      SIZES.add(bodies.size());
      List<Outcome> outcomes = new ArrayList<>();
      for (int i = 0; i < bodies.size(); i++) {
        String body = bodies.get(i);
        boolean again = deliveries.get(i).redelivered();
        SEEN.add(body + (again ? ":redelivered" : ":first"));
        if (body.startsWith("drop")) {
          outcomes.add(Outcome.drop());
        } else if (body.startsWith("retry") && !again) {
          outcomes.add(Outcome.retry());
        } else {
          outcomes.add(Outcome.ack());
        }
      }
      return outcomes;
    }
  }

  /** Returns one outcome for a batch of first deliveries; acks redeliveries one by one. */
  @ApplicationScoped
  public static class TooFew {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = SHORT, batchSize = 3, batchWait = "500ms")
    public List<Outcome> onBatch(List<String> bodies, List<Delivery> deliveries) {
      for (int i = 0; i < bodies.size(); i++) {
        SEEN.add(bodies.get(i) + (deliveries.get(i).redelivered() ? ":redelivered" : ":first"));
      }
      if (deliveries.stream().allMatch(Delivery::redelivered)) {
        return bodies.stream().map(b -> Outcome.ack()).toList();
      }
      return List.of(Outcome.ack());
    }
  }

  /** A JSON element. */
  public record Item(String id) {}

  /** Receives only the elements that decode. */
  @ApplicationScoped
  public static class Items {
    static final List<List<Item>> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = DECODE, batchSize = 3, batchWait = "2s")
    public Outcome onBatch(List<Item> items) {
      CALLS.add(List.copyOf(items));
      return Outcome.ack();
    }
  }

  @Test
  void eachElementIsSettledWithItsOwnOutcome() {
    List.of("ack-1", "drop-1", "retry-1", "ack-2").forEach(b -> Broker.get().publish(ELEMENTS, b));

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> ByElement.SEEN.contains("retry-1:redelivered"));
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(ELEMENTS_DLQ) == 1);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(ELEMENTS) == 0);

    assertThat(ByElement.SIZES.get(0)).isEqualTo(4);
    assertThat(ByElement.SEEN)
        .containsOnlyOnce("ack-1:first", "drop-1:first", "retry-1:first", "ack-2:first")
        .containsOnlyOnce("retry-1:redelivered")
        .hasSize(5);
    GetResponse dropped = Broker.get().drain(ELEMENTS_DLQ).get(0);
    assertThat(new String(dropped.getBody(), StandardCharsets.UTF_8)).isEqualTo("drop-1");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> death =
        (List<Map<String, Object>>) dropped.getProps().getHeaders().get("x-death");
    assertThat(death.get(0).get("reason")).hasToString("rejected");
  }

  @Test
  void tooFewOutcomesRetryTheRestAndLogAnError() {
    try (LogCapture logs = LogCapture.start()) {
      List.of("a", "b", "c").forEach(b -> Broker.get().publish(SHORT, b));

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> TooFew.SEEN.containsAll(List.of("b:redelivered", "c:redelivered")));
      await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(SHORT) == 0);

      assertThat(TooFew.SEEN)
          .containsOnlyOnce("a:first", "b:first", "c:first", "b:redelivered", "c:redelivered")
          .doesNotContain("a:redelivered");
      assertThat(logs.messagesContaining("WARREN-075"))
          .singleElement()
          .satisfies(
              m ->
                  assertThat(m)
                      .contains("'" + SHORT + "'", "returned 1 outcomes for a batch of 3")
                      .contains("the 2 without an outcome were retried"));
    }
  }

  @Test
  void anElementThatDoesNotDecodeIsDroppedAndNeverReachesTheMethod() {
    try (LogCapture logs = LogCapture.start()) {
      List.of("{\"id\":\"1\"}", "not json", "{\"id\":\"3\"}")
          .forEach(b -> Broker.get().publish(DECODE, b));

      await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(DECODE_DLQ) == 1);
      await().atMost(Duration.ofSeconds(10)).until(() -> !Items.CALLS.isEmpty());

      assertThat(Items.CALLS).containsExactly(List.of(new Item("1"), new Item("3")));
      assertThat(
              new String(Broker.get().drain(DECODE_DLQ).get(0).getBody(), StandardCharsets.UTF_8))
          .isEqualTo("not json");
      assertThat(logs.messagesContaining("WARREN-030"))
          .anySatisfy(m -> assertThat(m).contains("'" + DECODE + "'"));
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(DECODE) == 0);
  }
}
