package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Shutdown waits only for what it must (issue 13, point 4): after {@code basic.cancel} the
 * deliveries that have not started are never started (closing the channel returns them), held
 * in-process delays due after the deadline are not waited for, and the log says what went back.
 */
@Tag("container")
class ShutdownHandsBackIT {

  static final String QUEUE = "warren.it.shutdown.handback";
  static final String DELAYS = "warren.it.shutdown.handback.delays";
  static final int PREFETCH = 10;

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Slow.STARTED.clear();
    Slow.FINISHED.clear();
    Waits.CALLS.set(0);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  /** One delivery at a time, a second each, with a full prefetch buffered behind it. */
  @ApplicationScoped
  public static class Slow {
    static final Set<String> STARTED = ConcurrentHashMap.newKeySet();
    static final Set<String> FINISHED = ConcurrentHashMap.newKeySet();
    static volatile long millis;

    @RabbitConsumer(queue = QUEUE, prefetch = PREFETCH)
    public Outcome handle(String body) throws InterruptedException {
      STARTED.add(body);
      Thread.sleep(millis);
      FINISHED.add(body);
      return Outcome.ack();
    }
  }

  /** Holds every delivery for a long in-process delay. */
  @ApplicationScoped
  public static class Waits {
    static final AtomicInteger CALLS = new AtomicInteger();

    @RabbitConsumer(queue = DELAYS)
    public Outcome handle(String body) {
      CALLS.incrementAndGet();
      return Outcome.retryAfter(Duration.ofSeconds(20));
    }
  }

  /**
   * Fills the queue with one prefetch and starts {@link Slow}; returns once the broker has sent all
   * of it: one delivery runs, the others wait for the worker.
   */
  private static WeldContainer startWithTheWholePrefetchSent() {
    Broker.get().queue(QUEUE);
    for (int i = 0; i < PREFETCH; i++) {
      Broker.get().publish(QUEUE, "m" + i);
    }
    WeldContainer container = WeldSe.start(Slow.class);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Slow.STARTED.size() == 1 && Broker.get().ready(QUEUE) == 0);
    return container;
  }

  @Test
  void shutdownTakesOneHandlerTimeAndLeavesTheBufferedDeliveriesInTheQueue() {
    Slow.millis = 1000;
    try (LogCapture logs = LogCapture.start()) {
      WeldContainer container = startWithTheWholePrefetchSent();
      long start = System.nanoTime();
      container.shutdown();
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      // one handler time (1 s), not prefetch × handler time (10 s)
      assertThat(took).isLessThan(Duration.ofMillis(2500));
      assertThat(Slow.FINISHED).isEqualTo(Slow.STARTED).hasSize(1);
      // nothing acked that was not handled, nothing lost: the other nine are ready again
      await()
          .atMost(Duration.ofSeconds(5))
          .untilAsserted(() -> assertThat(Broker.get().ready(QUEUE)).isEqualTo(PREFETCH - 1));
      assertThat(logs.messagesContaining("WARREN-118"))
          .singleElement()
          .asString()
          .contains("'" + QUEUE + "'", (PREFETCH - 1) + " not started yet")
          .doesNotContain("held", "settlement");
      assertThat(logs.messagesContaining("WARREN-038")).isEmpty();
    }
  }

  @Test
  void aHandlerInterruptedAtTheTimeoutIsReportedHandedBackNotDropped() {
    Slow.millis = 10_000;
    TestConfig.set("warren.shutdown-timeout", "500ms");
    try (LogCapture logs = LogCapture.start()) {
      WeldContainer container = startWithTheWholePrefetchSent();
      long start = System.nanoTime();
      container.shutdown();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));

      assertThat(Slow.FINISHED).isEmpty();
      await()
          .atMost(Duration.ofSeconds(5))
          .untilAsserted(() -> assertThat(Broker.get().ready(QUEUE)).isEqualTo(PREFETCH));
      // the interrupted handler threw InterruptedException: that is no failure of the handler,
      // and nothing was dropped
      assertThat(logs.messagesContaining("WARREN-036")).isEmpty();
      assertThat(logs.messagesContaining("WARREN-038"))
          .singleElement()
          .asString()
          .contains("1 handler was still running", "'warren.shutdown-timeout' (PT0.5S)")
          .contains("neither acked nor rejected", "'" + QUEUE + "'");
      assertThat(logs.messagesContaining("WARREN-118"))
          .singleElement()
          .asString()
          .contains((PREFETCH - 1) + " not started yet");
    }
  }

  @Test
  void aDelayDueAfterTheDeadlineIsNotWaitedFor() {
    Broker.get().queue(DELAYS);
    TestConfig.set("warren.shutdown-timeout", "10s");
    try (LogCapture logs = LogCapture.start()) {
      WeldContainer container = WeldSe.start(Waits.class);
      Broker.get().publish(DELAYS, "later");
      await().atMost(Duration.ofSeconds(10)).until(() -> Waits.CALLS.get() == 1);
      long start = System.nanoTime();
      container.shutdown();

      // its timer is due in 20 s, after the 10 s deadline: waiting for it would change nothing
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
      await()
          .atMost(Duration.ofSeconds(5))
          .untilAsserted(() -> assertThat(Broker.get().ready(DELAYS)).isEqualTo(1));
      assertThat(Broker.get().drain(DELAYS).get(0).getProps().getHeaders()).isNull(); // original
      assertThat(logs.messagesContaining("WARREN-118"))
          .singleElement()
          .asString()
          .contains("1 held for a retryAfter due after 'warren.shutdown-timeout'");
    }
  }
}
