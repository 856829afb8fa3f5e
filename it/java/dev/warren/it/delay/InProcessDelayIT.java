package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * retryAfter with Delay.NONE: a classic queue holds the original while a timer runs, then copies
 * with the count + 1; the cap ends the loop; a quorum queue requeues at once and says so once.
 */
class InProcessDelayIT extends WarrenIT {

  static final String TIMER = "warren.it.delay.timer";
  static final String CAPPED = "warren.it.delay.timer.capped";
  static final String CAPPED_DLQ = "warren.it.delay.timer.capped.dlq";
  static final String QUORUM = "warren.it.delay.quorum";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(TIMER).queue(CAPPED).queue(CAPPED_DLQ);
    Broker.get().deleteQueue(QUORUM);
    Broker.get().forget(QUORUM);
    TestConfig.set("warren.consumers." + QUORUM + ".declare-topology", "true");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  /** One handler call: when, which attempt, and the retry count header. */
  record Call(long nanos, int attempt, Object count, boolean redelivered) {}

  @ApplicationScoped
  public static class Handlers {
    static final List<Call> TIMED = new CopyOnWriteArrayList<>();
    static final List<Integer> CAPPED_ATTEMPTS = new CopyOnWriteArrayList<>();
    static final List<Integer> QUORUM_ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = TIMER)
    public Outcome timed(String body, Delivery d) {
      TIMED.add(
          new Call(
              System.nanoTime(),
              d.attempt(),
              d.headers().get("x-warren-retry-count"),
              d.redelivered()));
      return d.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(300)) : Outcome.ack();
    }

    @RabbitConsumer(queue = CAPPED, maxAttempts = 3, deadLetter = CAPPED_DLQ)
    public Outcome capped(String body, Delivery d) {
      CAPPED_ATTEMPTS.add(d.attempt());
      return Outcome.retryAfter(Duration.ofMillis(100));
    }

    @RabbitConsumer(queue = QUORUM, queueType = QueueType.QUORUM)
    public Outcome quorum(String body, Delivery d) {
      QUORUM_ATTEMPTS.add(d.attempt());
      return d.attempt() < 3 ? Outcome.retryAfter(Duration.ofMinutes(1)) : Outcome.ack();
    }
  }

  @Test
  void retryAfterRedeliversNoSoonerThanTheDelayWithTheCountPlusOne() {
    Broker.get().publish(TIMER, "t-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.TIMED.size() == 2);
    Call first = Handlers.TIMED.get(0);
    Call second = Handlers.TIMED.get(1);
    assertThat(Duration.ofNanos(second.nanos() - first.nanos()))
        .isGreaterThanOrEqualTo(Duration.ofMillis(300));
    assertThat(first.count()).isNull();
    assertThat(second.count().toString()).isEqualTo("1");
    assertThat(second.attempt()).isEqualTo(2);
    assertThat(second.redelivered()).isFalse(); // a new message, not a redelivery
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(TIMER) == 0);
  }

  @Test
  void aCappedConsumerEndsInTheDeadLetterQueueAfterExactlyMaxAttemptsCalls() {
    Broker.get().publish(CAPPED, "c-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(CAPPED_DLQ) == 1);
    assertThat(Handlers.CAPPED_ATTEMPTS).containsExactly(1, 2, 3);
    var dead = Broker.get().drain(CAPPED_DLQ).get(0);
    assertThat(dead.getProps().getHeaders().get("x-warren-death-reason").toString())
        .isEqualTo("max-attempts");
  }

  @Test
  void quorumWithoutADelayStrategyRequeuesAtOnceAndWarnsOnce() {
    Broker.get().publish(QUORUM, "q-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.QUORUM_ATTEMPTS.size() == 3);
    assertThat(Handlers.QUORUM_ATTEMPTS).containsExactly(1, 2, 3);
    // two delays discarded, one warning (at most once a minute per consumer)
    assertThat(logs.messagesContaining("WARREN-035"))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("'" + QUORUM + "'", "PT1M"));
  }
}
