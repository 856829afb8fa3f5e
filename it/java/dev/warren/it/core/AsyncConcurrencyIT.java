package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 1: {@code concurrency} bounds a consumer's calls in flight, and a call of a method
 * returning a {@code CompletionStage} lasts until its stage completes: with concurrency 1 the
 * deliveries are handled one at a time, in order, and with N at most N stages are unfinished. The
 * request context of such a call stays active until its stage completed: its request-scoped
 * instance is destroyed after that, not when the method returns.
 */
@Tag("container")
class AsyncConcurrencyIT extends WarrenIT {

  static final String ONE = "warren.it.async-concurrency.one";
  static final String TWO = "warren.it.async-concurrency.two";
  static final String STUCK = "warren.it.async-concurrency.stuck";

  /** How long each stage takes after its method returned. */
  static final long STAGE_MILLIS = 300;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(ONE).queue(TWO).queue(STUCK);
    TestConfig.set("warren.consumers." + STUCK + ".handler-timeout", "1s");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class, PerCall.class);
  }

  /** A request-scoped bean that records, when destroyed, whether its call's stage had completed. */
  @RequestScoped
  public static class PerCall {
    static final List<String> DESTROYED = new CopyOnWriteArrayList<>();
    private String body;

    public void use(String body) {
      this.body = body;
    }

    @PreDestroy
    void destroyed() {
      if (body != null) {
        DESTROYED.add(body + (Handlers.COMPLETED.contains(body) ? ":after" : ":before"));
      }
    }
  }

  /** Async handlers whose stages complete later, on a thread of their own. */
  @ApplicationScoped
  public static class Handlers {
    static final Set<String> COMPLETED = ConcurrentHashMap.newKeySet();
    static final Map<String, Counter> COUNTERS = Map.of(ONE, new Counter(), TWO, new Counter());
    private static final Executor LATER =
        CompletableFuture.delayedExecutor(STAGE_MILLIS, TimeUnit.MILLISECONDS);

    @Inject PerCall perCall;

    @RabbitConsumer(queue = ONE)
    public CompletionStage<Outcome> one(String body) {
      return handle(ONE, body);
    }

    @RabbitConsumer(queue = TWO, concurrency = 2)
    public CompletionStage<Outcome> two(String body) {
      return handle(TWO, body);
    }

    static final AtomicBoolean STUCK_DONE = new AtomicBoolean();
    static final List<String> STUCK_SEEN = new CopyOnWriteArrayList<>();

    /** The first "stuck" stage completes only long after the handler-timeout (1 s). */
    @RabbitConsumer(queue = STUCK)
    public CompletionStage<Outcome> stuck(String body, Delivery delivery) {
      STUCK_SEEN.add(body + (delivery.redelivered() ? ":again" : "") + ":" + STUCK_DONE.get());
      if (!body.equals("stuck") || delivery.redelivered()) {
        return CompletableFuture.completedFuture(Outcome.ack());
      }
      return CompletableFuture.supplyAsync(
          () -> {
            STUCK_DONE.set(true);
            return Outcome.ack();
          },
          CompletableFuture.delayedExecutor(5, TimeUnit.SECONDS));
    }

    private CompletionStage<Outcome> handle(String queue, String body) {
      perCall.use(body);
      Counter counter = COUNTERS.get(queue);
      counter.started(body);
      return CompletableFuture.supplyAsync(
          () -> {
            counter.ended();
            COMPLETED.add(body);
            return Outcome.ack();
          },
          LATER);
    }
  }

  /** Calls in flight (from the method's start to its stage's completion), and their order. */
  static final class Counter {
    final AtomicInteger now = new AtomicInteger();
    final AtomicInteger most = new AtomicInteger();
    final List<String> order = new CopyOnWriteArrayList<>();

    void started(String body) {
      order.add(body);
      most.accumulateAndGet(now.incrementAndGet(), Math::max);
    }

    void ended() {
      now.decrementAndGet();
    }
  }

  @Test
  void concurrencyOneHandlesAsyncDeliveriesOneAtATimeInOrder() {
    List<String> bodies = List.of("one-1", "one-2", "one-3", "one-4", "one-5");
    bodies.forEach(body -> Broker.get().publish(ONE, body));

    Counter counter = Handlers.COUNTERS.get(ONE);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> Handlers.COMPLETED.containsAll(bodies) && Broker.get().ready(ONE) == 0);
    // the request context ended after each stage completed, not when the method returned
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> PerCall.DESTROYED.stream().filter(d -> d.startsWith("one-")).count() == 5);
    assertThat(PerCall.DESTROYED)
        .filteredOn(d -> d.startsWith("one-"))
        .containsExactly("one-1:after", "one-2:after", "one-3:after", "one-4:after", "one-5:after");
    assertThat(counter.most.get()).as("calls in flight at once, stages included").isEqualTo(1);
    assertThat(counter.order).containsExactlyElementsOf(bodies);
  }

  @Test
  void theHandlerTimeoutFreesTheWorkerOfAStageThatDoesNotComplete() {
    Broker.get().publish(STUCK, "stuck");
    Broker.get().publish(STUCK, "next");

    // the handler-timeout (1 s) took "stuck" from its call (retry) and freed the only worker for
    // "next" while the stage still ran (it completes after 5 s)
    await().atMost(Duration.ofSeconds(15)).until(() -> Handlers.STUCK_SEEN.contains("next:false"));
    // the retried "stuck" comes back once its call has ended, and is acked then
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> Handlers.STUCK_SEEN.contains("stuck:again:true"));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(STUCK) == 0);
  }

  @Test
  void concurrencyTwoHasAtMostTwoUnfinishedStages() {
    List<String> bodies = List.of("two-1", "two-2", "two-3", "two-4", "two-5", "two-6");
    bodies.forEach(body -> Broker.get().publish(TWO, body));

    Counter counter = Handlers.COUNTERS.get(TWO);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> Handlers.COMPLETED.containsAll(bodies) && Broker.get().ready(TWO) == 0);
    assertThat(counter.most.get()).as("calls in flight at once, stages included").isEqualTo(2);
    assertThat(counter.order).containsExactlyInAnyOrderElementsOf(bodies);
  }
}
