package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.DelayedRetryType;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A quorum queue's own back-off (RabbitMQ 4.3 and later), declared by Warren from the consumer's
 * delayed-retry settings: with maxAttempts, "retry N times with a growing delay, then the dead
 * letter queue", with no copies. On 4.3+ the gaps Warren's consumer sees are measured; on earlier
 * brokers, which ignore the arguments and redeliver at once, deployment fails instead.
 */
class QuorumBackOffIT {

  static final String QUEUE = "warren.it.backoff";
  static final String DLQ = "warren.it.backoff.dlq";
  static final String AFTER_QUEUE = "warren.it.backoff.after";

  /** Tolerance below the expected hold: timer granularity on a loaded 2-core machine. */
  static final long TOLERANCE_MILLIS = 50;

  static BrokerVersion version;

  @BeforeAll
  static void readVersion() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    try (Connection connection = factory.newConnection("warren-it-backoff-version")) {
      version = BrokerVersion.of(connection.getServerProperties());
    }
  }

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Backing.ARRIVALS.clear();
    Asking.ARRIVALS.clear();
    for (String queue : List.of(QUEUE, DLQ, AFTER_QUEUE)) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
    }
    TestConfig.set("warren.declare-topology", "true");
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    for (String queue : List.of(QUEUE, DLQ, AFTER_QUEUE)) {
      Broker.get().deleteQueue(queue);
    }
    Broker.get().cleanUp();
  }

  /** Retries every message; the broker holds each return 500 ms × its count, at most 1500 ms. */
  @ApplicationScoped
  public static class Backing {
    static final Map<String, List<Long>> ARRIVALS = new ConcurrentHashMap<>();

    @RabbitConsumer(
        queue = QUEUE,
        queueType = QueueType.QUORUM,
        maxAttempts = 5,
        deadLetter = DLQ,
        delayedRetryType = DelayedRetryType.FAILED,
        delayedRetryMin = "500ms",
        delayedRetryMax = "1500ms")
    public Outcome alwaysRetries(String body, Delivery delivery) {
      ARRIVALS.computeIfAbsent(body, b -> new CopyOnWriteArrayList<>()).add(System.nanoTime());
      return Outcome.retry();
    }
  }

  /** Asks for a 3 s delay on the first delivery, which the queue's back-off holds 300 ms. */
  @ApplicationScoped
  public static class Asking {
    static final List<Long> ARRIVALS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(
        queue = AFTER_QUEUE,
        queueType = QueueType.QUORUM,
        delayedRetryType = DelayedRetryType.FAILED,
        delayedRetryMin = "300ms",
        delayedRetryMax = "300ms")
    public Outcome asksForLonger(String body, Delivery delivery) {
      ARRIVALS.add(System.nanoTime());
      return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofSeconds(3)) : Outcome.ack();
    }
  }

  @Test
  void eachRetryWaitsMinTimesItsCountAtMostMaxThenTheDeadLetterQueueAndNoneIsLost() {
    assumeTrue(version.nativeDelayedRetry(), "RabbitMQ " + version + " has no delayed retry");
    List<String> bodies = List.of("b-1", "b-2", "b-3");
    long[] expected = {500, 1000, 1500, 1500};
    try (WeldContainer container = WeldSe.start(Backing.class)) {
      for (String body : bodies) {
        Broker.get().publish(QUEUE, body);
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> Broker.get().ready(DLQ) == 3);
      List<String> dead = new ArrayList<>();
      for (GetResponse response : Broker.get().drain(DLQ)) {
        dead.add(new String(response.getBody()));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> death =
            (List<Map<String, Object>>) response.getProps().getHeaders().get("x-death");
        assertThat(death.get(0).get("reason").toString()).isEqualTo("delivery_limit");
      }
      assertThat(dead).containsExactlyInAnyOrderElementsOf(bodies);
      assertThat(Broker.get().ready(QUEUE)).isZero();
      for (String body : bodies) {
        List<Long> arrivals = Backing.ARRIVALS.get(body);
        assertThat(arrivals).as("deliveries of %s", body).hasSize(5);
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < arrivals.size(); i++) {
          gaps.add((arrivals.get(i) - arrivals.get(i - 1)) / 1_000_000);
        }
        System.out.println(
            "QuorumBackOffIT on RabbitMQ "
                + version
                + ": "
                + body
                + " redelivery gaps (ms, expected 500, 1000, 1500, 1500): "
                + gaps);
        for (int i = 0; i < gaps.size(); i++) {
          assertThat(gaps.get(i))
              .as("gap %d of %s", i + 1, body)
              .isGreaterThanOrEqualTo(expected[i] - TOLERANCE_MILLIS);
        }
      }
    }
  }

  @Test
  void aRetryAfterLongerThanTheHoldIsRedeliveredAfterTheHoldAndSaidSo() {
    assumeTrue(version.nativeDelayedRetry(), "RabbitMQ " + version + " has no delayed retry");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Asking.class)) {
      Broker.get().publish(AFTER_QUEUE, "a-1");
      await().atMost(Duration.ofSeconds(10)).until(() -> Asking.ARRIVALS.size() == 2);
      long gap = (Asking.ARRIVALS.get(1) - Asking.ARRIVALS.get(0)) / 1_000_000;
      System.out.println(
          "QuorumBackOffIT on RabbitMQ " + version + ": retryAfter(3s) redelivered after " + gap);
      assertThat(gap).isGreaterThanOrEqualTo(300 - TOLERANCE_MILLIS).isLessThan(3000);
      assertThat(logs.messagesContaining("WARREN-295"))
          .singleElement()
          .satisfies(w -> assertThat(w).contains("retryAfter(PT3S)", "PT0.3S", "'" + AFTER_QUEUE));
    }
  }

  @Test
  void anExistingQueueWithAnotherBackOffIsRefusedAtDeploymentNamingTheArgument() {
    assumeTrue(version.nativeDelayedRetry(), "RabbitMQ " + version + " has no delayed retry");
    // the broker compares the x-delayed-retry-* arguments on a redeclare (measured on 4.3.6)
    Broker.get()
        .queue(
            QUEUE,
            Map.of(
                "x-queue-type",
                "quorum",
                "x-delivery-limit",
                4,
                "x-dead-letter-exchange",
                "",
                "x-dead-letter-routing-key",
                DLQ,
                "x-delayed-retry-type",
                "failed",
                "x-delayed-retry-min",
                100,
                "x-delayed-retry-max",
                200));
    assertThat(WeldSe.deploymentFailure(Backing.class))
        .contains(
            "WARREN-017",
            "consumer '" + QUEUE + "'",
            "inequivalent arg 'x-delayed-retry-min'",
            "received '500' but current is '100'");
  }

  @Test
  void onAQueueWarrenDoesNotDeclareItWarnsThatItCannotCheckTheBackOff() {
    assumeTrue(version.nativeDelayedRetry(), "RabbitMQ " + version + " has no delayed retry");
    Broker.get()
        .queue(
            AFTER_QUEUE,
            Map.of(
                "x-queue-type",
                "quorum",
                "x-delayed-retry-type",
                "failed",
                "x-delayed-retry-min",
                300,
                "x-delayed-retry-max",
                300));
    TestConfig.set("warren.consumers." + AFTER_QUEUE + ".declare-topology", "false");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Asking.class)) {
      assertThat(logs.messagesContaining("WARREN-294"))
          .singleElement()
          .satisfies(
              w ->
                  assertThat(w)
                      .contains(
                          "'" + AFTER_QUEUE + "'",
                          "x-delayed-retry-type=failed, x-delayed-retry-min=300,"
                              + " x-delayed-retry-max=300",
                          "declare-topology=true"));
      // the queue's own arguments hold the retry all the same
      Broker.get().publish(AFTER_QUEUE, "a-2");
      await().atMost(Duration.ofSeconds(10)).until(() -> Asking.ARRIVALS.size() == 2);
      assertThat((Asking.ARRIVALS.get(1) - Asking.ARRIVALS.get(0)) / 1_000_000)
          .isGreaterThanOrEqualTo(300 - TOLERANCE_MILLIS);
    }
  }

  @Test
  void onABrokerBefore43TheBackOffIsADeploymentProblemNotAnImmediateRedelivery() {
    assumeFalse(version.nativeDelayedRetry(), "RabbitMQ " + version + " has delayed retry");
    assertThat(WeldSe.deploymentFailure(Backing.class))
        .contains(
            "WARREN-293",
            "consumer '" + QUEUE + "'",
            "delayedRetryType=FAILED",
            "RabbitMQ " + version + " accepts the x-delayed-retry-* arguments and ignores them",
            "run RabbitMQ 4.3 or later");
  }
}
