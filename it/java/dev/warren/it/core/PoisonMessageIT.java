package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SPEC section 10: a body the decoder cannot turn into the payload is dropped before the handler,
 * whatever the decoder throws. JSON-B (Yasson) throws {@link StackOverflowError}, not an exception,
 * on a deeply nested body for a {@code Map} field: a single, a batch and a responder consumer each
 * dead-letter such a message, consume the five good ones behind it, and keep consuming.
 */
class PoisonMessageIT extends WarrenIT {

  static final String SINGLE = "warren.it.poison.single";
  static final String BATCH = "warren.it.poison.batch";
  static final String RESPONDER = "warren.it.poison.responder";
  static final String DLQ = "warren.it.poison.dlq";

  /** Deep enough to overflow any worker's stack in JSON-B's recursive descent. */
  private static final int DEPTH = 20_000;

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Map<String, Object> toDlq =
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ);
    Broker.get().queue(DLQ).queue(SINGLE, toDlq).queue(BATCH, toDlq).queue(RESPONDER, toDlq);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class, Doc.class);
  }

  /** A JSON payload with a field of any JSON shape. */
  public record Doc(String id, Map<String, Object> data) {}

  /** The three consumer shapes; each records the ids it saw. */
  @ApplicationScoped
  public static class Handlers {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = SINGLE)
    public Outcome single(Doc doc) {
      SEEN.add("single:" + doc.id());
      return Outcome.ack();
    }

    @RabbitConsumer(queue = BATCH, batchSize = 3, batchWait = "200ms")
    public Outcome batch(List<Doc> docs) {
      docs.forEach(doc -> SEEN.add("batch:" + doc.id()));
      return Outcome.ack();
    }

    @RabbitConsumer(queue = RESPONDER)
    public String responder(Doc doc) {
      SEEN.add("responder:" + doc.id());
      return "reply to " + doc.id(); // the requests carry no reply_to: acked after a warning
    }
  }

  private static String poison() {
    StringBuilder body = new StringBuilder("{\"id\":\"poison\",\"data\":");
    body.append("{\"a\":".repeat(DEPTH)).append("1").append("}".repeat(DEPTH));
    return body.append('}').toString();
  }

  private static void poisonThenFiveGood(String queue) {
    Broker.get().publish(queue, poison());
    for (int i = 1; i <= 5; i++) {
      Broker.get().publish(queue, "{\"id\":\"good-" + i + "\",\"data\":{\"n\":" + i + "}}");
    }
  }

  private static void assertDroppedAndStillConsuming(String queue, String shape) {
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> Handlers.SEEN.stream().filter(s -> s.startsWith(shape + ":")).count() == 5);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(queue) == 0);
    assertThat(Handlers.SEEN)
        .filteredOn(s -> s.startsWith(shape + ":"))
        .containsExactlyInAnyOrder(
            shape + ":good-1",
            shape + ":good-2",
            shape + ":good-3",
            shape + ":good-4",
            shape + ":good-5");
    // dead-lettered through the queue's own dead letter exchange, never handed to the method
    List<String> dead = Broker.get().drain(DLQ).stream().map(r -> new String(r.getBody())).toList();
    assertThat(dead).hasSize(1).allSatisfy(b -> assertThat(b).startsWith("{\"id\":\"poison\""));
    assertThat(logs.messagesContaining("WARREN-030"))
        .anySatisfy(m -> assertThat(m).contains("'" + queue + "'", "StackOverflowError"));
    assertThat(logs.messagesContaining("WARREN-034")).isEmpty(); // not taken for a fatal Error
    // still subscribed, and consumes what comes next
    assertThat(Broker.get().consumers(queue)).isEqualTo(1);
    Broker.get().publish(queue, "{\"id\":\"after\",\"data\":{}}");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.SEEN.contains(shape + ":after"));
  }

  @Test
  void singleConsumerDropsAMessageItsDecoderOverflowsOnAndGoesOn() {
    poisonThenFiveGood(SINGLE);
    assertDroppedAndStillConsuming(SINGLE, "single");
  }

  @Test
  void batchConsumerDropsTheElementItsDecoderOverflowsOnAndHandlesTheRest() {
    poisonThenFiveGood(BATCH);
    assertDroppedAndStillConsuming(BATCH, "batch");
  }

  @Test
  void responderDropsARequestItsDecoderOverflowsOnAndGoesOn() {
    poisonThenFiveGood(RESPONDER);
    assertDroppedAndStillConsuming(RESPONDER, "responder");
  }
}
