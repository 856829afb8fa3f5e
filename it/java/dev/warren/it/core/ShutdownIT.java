package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Graceful shutdown (SPEC section 12): cancel, let in-flight handlers finish within
 * warren.shutdown-timeout, then close; nothing is acked that was not handled, nothing is lost.
 */
@Tag("container")
class ShutdownIT {

  static final String QUEUE = "warren.it.shutdown";
  static final int MESSAGES = 20;

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Slow.STARTED.clear();
    Slow.FINISHED.clear();
    Broker.get().queue(QUEUE);
    for (int i = 0; i < MESSAGES; i++) {
      Broker.get().publish(QUEUE, "s" + i);
    }
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  /** Takes a while per message, counting starts and normal finishes. */
  @ApplicationScoped
  public static class Slow {
    static final Set<String> STARTED = ConcurrentHashMap.newKeySet();
    static final Set<String> FINISHED = ConcurrentHashMap.newKeySet();
    static volatile long millis;

    @RabbitConsumer(queue = QUEUE, concurrency = 4, prefetch = 8)
    public Outcome handle(String body) throws InterruptedException {
      STARTED.add(body);
      Thread.sleep(millis);
      FINISHED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void shutdownFinishesRunningHandlersAndLosesNothing() {
    Slow.millis = 300;
    WeldContainer container = WeldSe.start(Slow.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> Slow.STARTED.size() >= 4);
    container.shutdown();

    assertThat(Slow.FINISHED).isEqualTo(Slow.STARTED);
    assertThat(Slow.FINISHED.size()).isBetween(4, MESSAGES - 1);
    // every finished message was acked exactly once; every other one is back in the queue (the
    // broker counts them as it processes the channel's close, which can lag the client's close)
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () -> assertThat(Broker.get().ready(QUEUE)).isEqualTo(MESSAGES - Slow.FINISHED.size()));
  }

  @Test
  void handlersStillRunningAtTheTimeoutAreNotAckedAndComeBack() {
    Slow.millis = 10_000;
    TestConfig.set("warren.shutdown-timeout", "500ms");
    WeldContainer container = WeldSe.start(Slow.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> Slow.STARTED.size() == 4);
    long start = System.nanoTime();
    container.shutdown();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(took).isLessThan(Duration.ofSeconds(5));
    assertThat(Slow.FINISHED).isEmpty();
    // the broker requeues a closed channel's deliveries as it processes the close: on a loaded
    // machine the count can lag the client's close by a moment
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(() -> assertThat(Broker.get().ready(QUEUE)).isEqualTo(MESSAGES));
  }
}
