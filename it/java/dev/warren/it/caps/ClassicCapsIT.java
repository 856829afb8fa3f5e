package dev.warren.it.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SPEC 3.1 on real classic queues: Warren counts in a header, publishes confirmed copies, parks
 * messages at the cap in the dead letter queue, and loses nothing when a copy cannot be routed.
 * Warren talks to the broker through a recording proxy, so the frames it sends are checked too.
 */
class ClassicCapsIT extends WarrenIT {

  static final String RETRIES = "warren.it.caps.retries";
  static final String RETRIES_DLQ = "warren.it.caps.retries.dlq";
  static final String THROWS = "warren.it.caps.throws";
  static final String THROWS_DLQ = "warren.it.caps.throws.dlq";
  static final String LOST_DLQ_QUEUE = "warren.it.caps.lost";
  static final String LOST_DLQ = "warren.it.caps.lost.dlq";
  static final String HEADER = "x-warren-retry-count";

  static AmqpRecorder recorder;
  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get()
        .queue(RETRIES)
        .queue(RETRIES_DLQ)
        .queue(THROWS)
        .queue(THROWS_DLQ)
        .queue(LOST_DLQ_QUEUE)
        .queue(LOST_DLQ);
    TestConfig.set("warren.uri", recorder.uri());
  }

  @AfterUndeployment
  static void stopRecorder() throws IOException {
    recorder.close();
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  /** What a handler saw of one delivery. */
  record Seen(String body, int attempt, Object countHeader, String tenant) {}

  @ApplicationScoped
  public static class Handlers {
    static final List<Seen> RETRIED = new CopyOnWriteArrayList<>();
    static final List<Seen> THROWN = new CopyOnWriteArrayList<>();
    static final List<Seen> LOST = new CopyOnWriteArrayList<>();

    static Seen seen(String body, Delivery d) {
      Object tenant = d.headers().get("tenant");
      return new Seen(
          body, d.attempt(), d.headers().get(HEADER), tenant == null ? null : tenant.toString());
    }

    @RabbitConsumer(queue = RETRIES, maxAttempts = 3, deadLetter = RETRIES_DLQ)
    public Outcome alwaysRetries(String body, Delivery delivery) {
      RETRIED.add(seen(body, delivery));
      return Outcome.retry();
    }

    @RabbitConsumer(queue = THROWS, maxAttempts = 2, deadLetter = THROWS_DLQ)
    public Outcome alwaysThrows(String body, Delivery delivery) {
      THROWN.add(seen(body, delivery));
      throw new IllegalStateException("payment service down: " + "x".repeat(5000));
    }

    @RabbitConsumer(queue = LOST_DLQ_QUEUE, maxAttempts = 2, deadLetter = LOST_DLQ)
    public Outcome retriesIntoAMissingDeadLetterQueue(String body, Delivery delivery) {
      LOST.add(seen(body, delivery));
      return Outcome.retry();
    }
  }

  @Test
  void retryAtCapPublishesCopyToDeadLetterQueue() {
    Broker.get().publish(RETRIES, "order-1", Map.of("tenant", "acme"));
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(RETRIES_DLQ) == 1);

    // exactly 3 handler calls; the copies carried counts 1 and 2
    assertThat(Handlers.RETRIED)
        .filteredOn(s -> s.body().equals("order-1"))
        .extracting(Seen::attempt, s -> s.countHeader() == null ? null : s.countHeader().toString())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, null),
            org.assertj.core.groups.Tuple.tuple(2, "1"),
            org.assertj.core.groups.Tuple.tuple(3, "2"));
    assertThat(Handlers.RETRIED)
        .filteredOn(s -> s.body().equals("order-1"))
        .allMatch(s -> "acme".equals(s.tenant()));

    List<GetResponse> dead = Broker.get().drain(RETRIES_DLQ);
    assertThat(dead).hasSize(1);
    Map<String, Object> headers = dead.get(0).getProps().getHeaders();
    assertThat(new String(dead.get(0).getBody(), StandardCharsets.UTF_8)).isEqualTo("order-1");
    assertThat(headers.get("tenant").toString()).isEqualTo("acme");
    assertThat(headers.get("x-warren-death-reason").toString()).isEqualTo("max-attempts");
    assertThat(headers.get("x-warren-origin-queue").toString()).isEqualTo(RETRIES);
    assertThat(headers).doesNotContainKey("x-warren-exception");
    assertThat(dead.get(0).getProps().getDeliveryMode()).isEqualTo(2);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(RETRIES) == 0);
    assertThat(Handlers.RETRIED).filteredOn(s -> s.body().equals("order-1")).hasSize(3);
  }

  @Test
  void exceptionAtTheCapTravelsInABoundedHeader() {
    Broker.get().publish(THROWS, "payment-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(THROWS_DLQ) == 1);
    assertThat(Handlers.THROWN).extracting(Seen::attempt).containsExactly(1, 2);
    Map<String, Object> headers = Broker.get().drain(THROWS_DLQ).get(0).getProps().getHeaders();
    String exception = headers.get("x-warren-exception").toString();
    assertThat(exception).startsWith("java.lang.IllegalStateException: payment service down: ");
    assertThat(exception.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1024);
  }

  @Test
  void copyThatCannotBeRoutedLeavesTheOriginalInTheQueue() {
    Broker.get().deleteQueue(LOST_DLQ);
    Broker.get().forget(LOST_DLQ);
    Broker.get().publish(LOST_DLQ_QUEUE, "keep-me");
    // at the cap the copy is returned as unroutable: the original goes back, again and again
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Handlers.LOST.stream().filter(s -> s.attempt() == 2).count() >= 3);
    assertThat(logs.messagesContaining("WARREN-060"))
        .anySatisfy(
            m -> assertThat(m).contains("'" + LOST_DLQ_QUEUE + "'", "WARREN-051", "a pause of"));

    // it comes back after growing pauses, not in a hot loop (without them: 33 calls in these 3 s
    // through the recording proxy; 15,000-19,000 in 15 s measured on a direct connection)
    int before = Handlers.LOST.size();
    await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).until(() -> true);
    assertThat(Handlers.LOST.size() - before).isLessThan(10);

    // once the dead letter queue is back, the message lands there: it was never lost
    Broker.get().queue(LOST_DLQ);
    await().atMost(Duration.ofSeconds(40)).until(() -> Broker.get().ready(LOST_DLQ) == 1);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(LOST_DLQ_QUEUE) == 0);
    assertThat(new String(Broker.get().drain(LOST_DLQ).get(0).getBody())).isEqualTo("keep-me");
  }

  @Test
  void warrenSendsRejectsAndConfirmedPublishesButNeverANack() {
    Broker.get().publish(RETRIES, "order-2");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> Handlers.RETRIED.stream().filter(s -> s.body().equals("order-2")).count() == 3);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(RETRIES_DLQ) >= 1);
    List<AmqpRecorder.Method> methods = recorder.methods();
    assertThat(methods)
        .extracting(AmqpRecorder.Method::name)
        .contains("confirm.select", "basic.publish", "basic.reject");
    assertThat(methods).noneMatch(m -> m.name().equals("basic.nack"));
    assertThat(methods)
        .filteredOn(AmqpRecorder.Method::settles)
        .noneMatch(AmqpRecorder.Method::multiple);
    // every retry and dead-letter copy is followed by rejecting the original without requeue
    assertThat(methods)
        .filteredOn(m -> m.name().equals("basic.reject"))
        .anyMatch(m -> !m.requeue());
    Broker.get().drain(RETRIES_DLQ);
  }
}
