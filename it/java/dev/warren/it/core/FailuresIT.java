package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SPEC section 10: exceptions go through FailureMapper beans (default: drop, or retry() with a
 * cap), undecodable payloads are dropped before the handler runs, an Error stops the consumer
 * without settling, and async and void handlers settle as their results say.
 */
@Tag("container")
class FailuresIT extends WarrenIT {

  static final String THROWS = "warren.it.failures.throws";
  static final String MAPPED = "warren.it.failures.mapped";
  static final String JSON = "warren.it.failures.json";
  static final String ASYNC = "warren.it.failures.async";
  static final String VOID = "warren.it.failures.void";
  static final String FATAL = "warren.it.failures.fatal";
  static final String DLQ = "warren.it.failures.dlq";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Map<String, Object> toDlq =
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ);
    Broker broker = Broker.get().queue(DLQ);
    for (String queue : List.of(THROWS, MAPPED, JSON, ASYNC, VOID, FATAL)) {
      broker.queue(queue, toDlq);
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class, Temporary.class, TemporaryMapper.class, Order.class);
  }

  /** A failure the application considers worth another attempt. */
  public static class Temporary extends RuntimeException {
    public Temporary(String message) {
      super(message);
    }
  }

  /** Maps {@link Temporary} (and subclasses) to retry. */
  @ApplicationScoped
  public static class TemporaryMapper implements FailureMapper<Temporary> {
    @Override
    public Outcome toOutcome(Temporary failure, Delivery delivery) {
      return Outcome.retry();
    }
  }

  /** A JSON payload. */
  public record Order(int id, String item) {}

  /** One consumer per failure kind; each records what it saw. */
  @ApplicationScoped
  public static class Handlers {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = THROWS)
    public Outcome throwsUnmapped(String body) {
      SEEN.add("throws:" + body);
      throw new IllegalArgumentException("cannot handle " + body);
    }

    @RabbitConsumer(queue = MAPPED)
    public Outcome throwsMapped(String body, Delivery delivery) {
      SEEN.add("mapped:" + body + ":" + delivery.redelivered());
      if (!delivery.redelivered()) {
        throw new Temporary("try again later");
      }
      return Outcome.ack();
    }

    @RabbitConsumer(queue = JSON)
    public Outcome order(Order order) {
      SEEN.add("order:" + order.id() + ":" + order.item());
      return Outcome.ack();
    }

    @RabbitConsumer(queue = ASYNC)
    public CompletionStage<Outcome> async(String body) {
      SEEN.add("async:" + body);
      return CompletableFuture.supplyAsync(
          () -> body.equals("fail") ? failLater() : Outcome.ack(),
          CompletableFuture.delayedExecutor(50, java.util.concurrent.TimeUnit.MILLISECONDS));
    }

    private static Outcome failLater() {
      throw new IllegalStateException("async failure");
    }

    @RabbitConsumer(queue = VOID)
    public void plain(String body) {
      SEEN.add("void:" + body);
    }

    @RabbitConsumer(queue = FATAL)
    public Outcome fatal(String body) {
      SEEN.add("fatal:" + body);
      throw new AssertionError("simulated fatal error");
    }
  }

  private static List<String> deadBodies() {
    return Broker.get().drain(DLQ).stream().map(r -> new String(r.getBody())).toList();
  }

  @Test
  void unmappedExceptionDropsTheDeliveryAndLogsIt() {
    Broker.get().publish(THROWS, "t-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(deadBodies()).containsExactly("t-1");
    assertThat(Handlers.SEEN).containsOnlyOnce("throws:t-1");
    assertThat(logs.messagesContaining("WARREN-036"))
        .anySatisfy(m -> assertThat(m).contains("'" + THROWS + "'", "drop()"));
  }

  @Test
  void failureMapperChoosesRetryForItsExceptionType() {
    Broker.get().publish(MAPPED, "m-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.SEEN.contains("mapped:m-1:true"));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(MAPPED) == 0);
    assertThat(Handlers.SEEN).containsOnlyOnce("mapped:m-1:false", "mapped:m-1:true");
    assertThat(logs.messagesContaining("WARREN-036"))
        .anySatisfy(m -> assertThat(m).contains("'" + MAPPED + "'", "retry()"));
  }

  @Test
  void undecodablePayloadIsDroppedBeforeTheHandlerRuns() {
    Broker.get().publish(JSON, "{\"id\": 7, \"item\": \"tea\"}");
    Broker.get().publish(JSON, "this is not json");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(deadBodies()).containsExactly("this is not json");
    await().atMost(Duration.ofSeconds(5)).until(() -> Handlers.SEEN.contains("order:7:tea"));
    assertThat(Handlers.SEEN)
        .filteredOn(s -> s.startsWith("order:"))
        .containsExactly("order:7:tea");
    assertThat(logs.messagesContaining("WARREN-030"))
        .anySatisfy(m -> assertThat(m).contains("'" + JSON + "'"));
  }

  @Test
  void completionStageSettlesWhenItCompletes() {
    Broker.get().publish(ASYNC, "ok");
    Broker.get().publish(ASYNC, "fail");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(deadBodies()).containsExactly("fail");
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(ASYNC) == 0);
    assertThat(Handlers.SEEN).containsOnlyOnce("async:ok", "async:fail");
  }

  @Test
  void voidMethodAcksOnNormalReturn() {
    Broker.get().publish(VOID, "v-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.SEEN.contains("void:v-1"));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(VOID) == 0);
    assertThat(deadBodies()).isEmpty();
  }

  @Test
  void errorStopsTheConsumerAndLeavesTheDeliveryInTheQueue() {
    Broker.get().publish(FATAL, "f-1");
    // the consumer stops and closes its channel: the unsettled delivery is ready again
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(FATAL) == 1);
    assertThat(Handlers.SEEN).containsOnlyOnce("fatal:f-1");
    assertThat(logs.messagesContaining("WARREN-034"))
        .anySatisfy(m -> assertThat(m).contains("'" + FATAL + "'", "AssertionError"));
    assertThat(deadBodies()).isEmpty();
  }
}
