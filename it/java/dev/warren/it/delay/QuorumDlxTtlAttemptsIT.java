package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Delay;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * A quorum consumer with {@code DLX_TTL} counts its attempts exactly past RabbitMQ 4's default
 * delivery limit of 20, and never meets RabbitMQ 4.3's dead letter cycle drop (a message that loops
 * from a quorum queue through a dead-letter exchange back into it keeps its count there and is
 * dropped past the limit): Warren's delayed copies are new messages, whose broker count starts
 * again, so every attempt is delivered and the last one lands in the dead letter queue. Once with
 * {@code maxAttempts = 25} (Warren declares the limit 24) and delayed copies between broker-counted
 * requeues, once on a queue with the broker's default limit and only delayed copies.
 */
class QuorumDlxTtlAttemptsIT extends WarrenIT {

  static final String CAPPED = "warren.it.delay.quorum.capped";
  static final String CAPPED_DLQ = CAPPED + ".dlq";
  static final String DEFAULT_LIMIT = "warren.it.delay.quorum.default";
  static final String DEFAULT_LIMIT_DLQ = DEFAULT_LIMIT + ".dlq";

  static final int CAP = 25;

  /** Past the default limit: 20 returns, 21 deliveries. */
  static final int PAST_DEFAULT = 30;

  @BeforeDeployment
  static void prepare() {
    for (String queue : new String[] {CAPPED, CAPPED + ".retry", CAPPED_DLQ}) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
    }
    TestConfig.set("warren.consumers." + CAPPED + ".declare-topology", "true");
    // declared here as a user would, without x-delivery-limit: RabbitMQ 4 gives it 20
    Broker.get()
        .queue(DEFAULT_LIMIT_DLQ)
        .queue(
            DEFAULT_LIMIT,
            Map.of(
                "x-queue-type",
                "quorum",
                "x-dead-letter-exchange",
                "",
                "x-dead-letter-routing-key",
                DEFAULT_LIMIT_DLQ))
        .queue(
            DEFAULT_LIMIT + ".retry",
            Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DEFAULT_LIMIT));
    TestConfig.set("warren.consumers." + DEFAULT_LIMIT + ".declare-topology", "false");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  @ApplicationScoped
  public static class Handlers {
    /** {@code attempt:x-delivery-count} per delivery ({@code -} when the header is absent). */
    static final List<String> CAPPED_SEEN = new CopyOnWriteArrayList<>();

    static final List<String> DEFAULT_SEEN = new CopyOnWriteArrayList<>();

    static String seen(Delivery d) {
      Object count = d.headers().get("x-delivery-count");
      return d.attempt() + ":" + (count == null ? "-" : ((Number) count).longValue());
    }

    /** Odd attempts wait in the wait queue (a copy), even ones go back at once (broker-counted). */
    @RabbitConsumer(
        queue = CAPPED,
        queueType = QueueType.QUORUM,
        maxAttempts = CAP,
        deadLetter = CAPPED_DLQ,
        delay = Delay.DLX_TTL)
    public Outcome capped(String body, Delivery d) {
      CAPPED_SEEN.add(seen(d));
      return d.attempt() % 2 == 1 ? Outcome.retryAfter(Duration.ofMillis(50)) : Outcome.retry();
    }

    /** Waits again and again, then drops: the queue's own route takes it to its DLQ. */
    @RabbitConsumer(queue = DEFAULT_LIMIT, queueType = QueueType.QUORUM, delay = Delay.DLX_TTL)
    public Outcome defaultLimit(String body, Delivery d) {
      DEFAULT_SEEN.add(seen(d));
      return d.attempt() < PAST_DEFAULT
          ? Outcome.retryAfter(Duration.ofMillis(50))
          : Outcome.drop();
    }
  }

  @Test
  void aCapAboveTwentyDeliversEveryAttemptAndTheLastGoesToTheDeadLetterQueue() {
    Broker.get().publish(CAPPED, "c-1", Map.of("tenant", "acme"));

    await().atMost(Duration.ofSeconds(60)).until(() -> Broker.get().ready(CAPPED_DLQ) == 1);
    List<String> expected = new ArrayList<>();
    for (int attempt = 1; attempt <= CAP; attempt++) {
      // a copy's first delivery has no count; a requeue is counted by the broker, once
      expected.add(attempt + ":" + (attempt % 2 == 1 && attempt > 1 ? "1" : "-"));
    }
    assertThat(Handlers.CAPPED_SEEN).containsExactlyElementsOf(expected);
    GetResponse dead = Broker.get().drain(CAPPED_DLQ).get(0);
    assertThat(new String(dead.getBody())).isEqualTo("c-1");
    Map<String, Object> headers = dead.getProps().getHeaders();
    assertThat(headers.get("x-warren-death-reason").toString()).isEqualTo("max-attempts");
    assertThat(headers.get("tenant").toString()).isEqualTo("acme");
    assertThat(headers).doesNotContainKeys("x-delivery-count", "x-acquired-count");
    assertThat(Broker.get().ready(CAPPED)).isZero();
    assertThat(Broker.get().ready(CAPPED + ".retry")).isZero();
  }

  @Test
  void theBrokersDefaultLimitNeverStopsDelayedCopies() {
    Broker.get().publish(DEFAULT_LIMIT, "d-1");

    await().atMost(Duration.ofSeconds(60)).until(() -> Broker.get().ready(DEFAULT_LIMIT_DLQ) == 1);
    List<String> expected = new ArrayList<>();
    for (int attempt = 1; attempt <= PAST_DEFAULT; attempt++) {
      expected.add(attempt + ":-");
    }
    assertThat(Handlers.DEFAULT_SEEN).containsExactlyElementsOf(expected);
    GetResponse dead = Broker.get().drain(DEFAULT_LIMIT_DLQ).get(0);
    assertThat(new String(dead.getBody())).isEqualTo("d-1");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> deaths =
        (List<Map<String, Object>>) dead.getProps().getHeaders().get("x-death");
    // the handler's drop, not the broker's limit: reason rejected, from the consumer's queue
    assertThat(deaths.get(0).get("reason").toString()).isEqualTo("rejected");
    assertThat(deaths.get(0).get("queue").toString()).isEqualTo(DEFAULT_LIMIT);
    assertThat(Broker.get().ready(DEFAULT_LIMIT + ".retry")).isZero();
  }
}
