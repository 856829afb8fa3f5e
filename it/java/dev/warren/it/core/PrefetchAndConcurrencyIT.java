package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A consumer never holds more unsettled deliveries than its prefetch; concurrency 1 handles in
 * order, one at a time; concurrency N handles up to N at a time.
 */
class PrefetchAndConcurrencyIT extends WarrenIT {

  static final String PREFETCH = "warren.it.prefetch";
  static final String ORDERED = "warren.it.ordered";
  static final String PARALLEL = "warren.it.parallel";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(PREFETCH).queue(ORDERED).queue(PARALLEL);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class, Gauge.class);
  }

  @AfterAll
  static void release() {
    Handlers.GATE.countDown();
  }

  /** Counts handlers running at the same time and the most seen. */
  public static final class Gauge {
    final AtomicInteger now = new AtomicInteger();
    final AtomicInteger max = new AtomicInteger();

    void enter() {
      max.accumulateAndGet(now.incrementAndGet(), Math::max);
    }

    void exit() {
      now.decrementAndGet();
    }
  }

  @ApplicationScoped
  public static class Handlers {
    static final CountDownLatch GATE = new CountDownLatch(1);
    static final Gauge HELD = new Gauge();
    static final AtomicInteger HELD_DONE = new AtomicInteger();
    static final Gauge SERIAL = new Gauge();
    static final List<Integer> ORDER = new CopyOnWriteArrayList<>();
    static final Gauge PARALLEL_GAUGE = new Gauge();
    static final AtomicInteger PARALLEL_DONE = new AtomicInteger();

    /** More threads than prefetch: only the prefetch limits how many are held. */
    @RabbitConsumer(queue = PREFETCH, prefetch = 5, concurrency = 10)
    public Outcome held(String body) throws InterruptedException {
      HELD.enter();
      try {
        GATE.await(60, TimeUnit.SECONDS);
        HELD_DONE.incrementAndGet();
        return Outcome.ack();
      } finally {
        HELD.exit();
      }
    }

    @RabbitConsumer(queue = ORDERED)
    public Outcome ordered(String body) {
      SERIAL.enter();
      try {
        ORDER.add(Integer.parseInt(body));
        return Outcome.ack();
      } finally {
        SERIAL.exit();
      }
    }

    @RabbitConsumer(queue = PARALLEL, concurrency = 4, prefetch = 20)
    public Outcome parallel(String body) throws InterruptedException {
      PARALLEL_GAUGE.enter();
      try {
        Thread.sleep(20);
        PARALLEL_DONE.incrementAndGet();
        return Outcome.ack();
      } finally {
        PARALLEL_GAUGE.exit();
      }
    }
  }

  @Test
  void neverMoreUnsettledDeliveriesThanPrefetch() {
    for (int i = 0; i < 30; i++) {
      Broker.get().publish(PREFETCH, "p" + i);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.HELD.now.get() == 5);
    // while the handlers are blocked, the broker holds back everything past the prefetch
    await()
        .during(Duration.ofMillis(700))
        .atMost(Duration.ofSeconds(3))
        .until(() -> Handlers.HELD.now.get() == 5 && Broker.get().ready(PREFETCH) == 25);
    Handlers.GATE.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.HELD_DONE.get() == 30);
    assertThat(Handlers.HELD.max.get()).isEqualTo(5);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(PREFETCH) == 0);
  }

  @Test
  void concurrencyOneHandlesInOrderOneAtATime() {
    for (int i = 0; i < 200; i++) {
      Broker.get().publish(ORDERED, Integer.toString(i));
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> Handlers.ORDER.size() == 200);
    assertThat(Handlers.ORDER).containsExactlyElementsOf(IntStream.range(0, 200).boxed().toList());
    assertThat(Handlers.SERIAL.max.get()).isEqualTo(1);
  }

  @Test
  void concurrencyNHandlesUpToNAtATime() {
    for (int i = 0; i < 60; i++) {
      Broker.get().publish(PARALLEL, "x" + i);
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> Handlers.PARALLEL_DONE.get() == 60);
    assertThat(Handlers.PARALLEL_GAUGE.max.get()).isEqualTo(4);
  }
}
