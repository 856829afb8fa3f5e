package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * retryAfter with Delay.DLX_TTL: the copy waits in a wait queue declared by Warren and dead-letters
 * back; the original is acked meanwhile; a short delay queued behind a long one waits for it unless
 * tiers keep them apart; the cap stops the loop. The broker's x-death count on the copies differs
 * between RabbitMQ 3.x and 4.x (Warren does not read it), and the test says so.
 */
class DlxTtlDelayIT extends WarrenIT {

  static final String WAITS = "warren.it.delay.ttl";
  static final String MIXED = "warren.it.delay.ttl.mixed";
  static final String TIERED = "warren.it.delay.ttl.tiered";
  static final String CAPPED = "warren.it.delay.ttl.capped";
  static final String CAPPED_DLQ = "warren.it.delay.ttl.capped.dlq";
  static final String DEATHS = "warren.it.delay.ttl.deaths";

  @BeforeDeployment
  static void prepare() {
    for (String queue :
        new String[] {
          WAITS,
          WAITS + ".retry",
          MIXED,
          MIXED + ".retry",
          TIERED,
          TIERED + ".retry.1s",
          TIERED + ".retry.10s",
          CAPPED,
          CAPPED + ".retry",
          CAPPED_DLQ,
          DEATHS,
          DEATHS + ".retry"
        }) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
    }
    TestConfig.set("warren.declare-topology", "true");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  @ApplicationScoped
  public static class Handlers {
    /** Nanos of each handler call per body. */
    static final Map<String, CopyOnWriteArrayList<Long>> CALLS = new ConcurrentHashMap<>();

    static final CopyOnWriteArrayList<Integer> CAPPED_ATTEMPTS = new CopyOnWriteArrayList<>();

    /** The attempt and the x-death count of the wait queue, per delivery of DEATHS. */
    static final CopyOnWriteArrayList<String> DEATH_COUNTS = new CopyOnWriteArrayList<>();

    static int record(String body) {
      CopyOnWriteArrayList<Long> calls =
          CALLS.computeIfAbsent(body, b -> new CopyOnWriteArrayList<>());
      calls.add(System.nanoTime());
      return calls.size();
    }

    static Duration delayFor(String body) {
      return body.startsWith("long") ? Duration.ofMillis(3000) : Duration.ofMillis(500);
    }

    @RabbitConsumer(queue = WAITS, delay = Delay.DLX_TTL)
    public Outcome waits(String body, Delivery d) {
      return record(body) == 1 ? Outcome.retryAfter(Duration.ofMillis(1500)) : Outcome.ack();
    }

    @RabbitConsumer(queue = MIXED, delay = Delay.DLX_TTL)
    public Outcome mixed(String body) {
      return record(body) == 1 ? Outcome.retryAfter(delayFor(body)) : Outcome.ack();
    }

    @RabbitConsumer(
        queue = TIERED,
        delay = Delay.DLX_TTL,
        delayTiers = {"1s", "10s"})
    public Outcome tiered(String body) {
      return record(body) == 1 ? Outcome.retryAfter(delayFor(body)) : Outcome.ack();
    }

    @RabbitConsumer(queue = CAPPED, delay = Delay.DLX_TTL, maxAttempts = 2, deadLetter = CAPPED_DLQ)
    public Outcome capped(String body, Delivery d) {
      CAPPED_ATTEMPTS.add(d.attempt());
      return Outcome.retryAfter(Duration.ofMillis(200));
    }

    @RabbitConsumer(queue = DEATHS, delay = Delay.DLX_TTL)
    public Outcome deaths(String body, Delivery d) {
      DEATH_COUNTS.add(d.attempt() + ":" + expiredCount(d.headers()));
      return d.attempt() <= 3 ? Outcome.retryAfter(Duration.ofMillis(100)) : Outcome.ack();
    }

    /** The count of the x-death entry the wait queue added, 0 without one. */
    static long expiredCount(Map<String, Object> headers) {
      if (!(headers.get("x-death") instanceof List<?> deaths)) {
        return 0;
      }
      for (Object death : deaths) {
        if (death instanceof Map<?, ?> entry
            && String.valueOf(entry.get("queue")).equals(DEATHS + ".retry")
            && String.valueOf(entry.get("reason")).equals("expired")) {
          return ((Number) entry.get("count")).longValue();
        }
      }
      return 0;
    }
  }

  private static Duration between(String body, int from, int to) {
    return Duration.ofNanos(Handlers.CALLS.get(body).get(to) - Handlers.CALLS.get(body).get(from));
  }

  @Test
  void theCopyWaitsInTheWaitQueueAndComesBackAfterTheDelay() {
    Broker.get().publish(WAITS, "w-1", Map.of("tenant", "acme"));
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.CALLS.containsKey("w-1"));
    // during the delay: the copy sits in the wait queue, the original is gone (acked)
    await().atMost(Duration.ofSeconds(1)).until(() -> Broker.get().ready(WAITS + ".retry") == 1);
    assertThat(Broker.get().ready(WAITS)).isZero();
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.CALLS.get("w-1").size() == 2);
    assertThat(between("w-1", 0, 1)).isGreaterThanOrEqualTo(Duration.ofMillis(1500));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(WAITS + ".retry") == 0);
    assertThat(Broker.get().ready(WAITS)).isZero();
  }

  @Test
  void aShortDelayBehindALongOneInTheSameWaitQueueWaitsForIt() {
    Broker.get().publish(MIXED, "long-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.CALLS.containsKey("long-1"));
    Broker.get().publish(MIXED, "short-1");
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                Handlers.CALLS.get("short-1") != null && Handlers.CALLS.get("short-1").size() == 2);
    // documented caveat: the wait queue expires only its head
    assertThat(between("short-1", 0, 1)).isGreaterThan(Duration.ofMillis(2000));
  }

  @Test
  void delayTiersKeepAShortDelayFromWaitingBehindALongOne() {
    Broker.get().publish(TIERED, "long-2");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.CALLS.containsKey("long-2"));
    Broker.get().publish(TIERED, "short-2");
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                Handlers.CALLS.get("short-2") != null && Handlers.CALLS.get("short-2").size() == 2);
    assertThat(between("short-2", 0, 1))
        .isGreaterThanOrEqualTo(Duration.ofMillis(500))
        .isLessThan(Duration.ofMillis(2000));
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.CALLS.get("long-2").size() == 2);
  }

  @Test
  void theCapStopsTheLoop() {
    Broker.get().publish(CAPPED, "c-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(CAPPED_DLQ) == 1);
    assertThat(Handlers.CAPPED_ATTEMPTS).containsExactly(1, 2);
    assertThat(Broker.get().ready(CAPPED + ".retry")).isZero();
  }

  @Test
  void theXDeathCountOfTheCopiesGrowsOnRabbitMq3AndStaysOneOnRabbitMq4() {
    Broker.get().publish(DEATHS, "x-1");
    await().atMost(Duration.ofSeconds(15)).until(() -> Handlers.DEATH_COUNTS.size() == 4);
    // Warren's attempt counts the same on both; the broker's own count does not
    // (docs/rabbitmq-versions.md)
    if (Broker.get().rabbitMq4()) {
      assertThat(Handlers.DEATH_COUNTS).containsExactly("1:0", "2:1", "3:1", "4:1");
    } else {
      assertThat(Handlers.DEATH_COUNTS).containsExactly("1:0", "2:1", "3:2", "4:3");
    }
  }
}
