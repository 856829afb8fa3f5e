package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * Application callbacks that block (a {@code join()} in a {@code thenAccept}) on both of Warren's
 * completion threads: Warren's own work (here a consumer's in-process delayed copy) still runs, and
 * publishers are held back by max-in-flight instead of queueing completions without bound.
 */
class PublisherCallbacksIT extends WarrenIT {

  static final String DELAYED = "warren.it.publish.callbacks.delayed";
  static final String WINDOWED = "warren.it.publish.callbacks.windowed";
  static final int WINDOW = 10;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(DELAYED).queue(WINDOWED);
    TestConfig.set("warren.publisher.max-in-flight", Integer.toString(WINDOW));
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Delayed.class);
  }

  @ApplicationScoped
  public static class Delayed {
    static final List<Integer> ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = DELAYED)
    public Outcome handle(String body, Delivery delivery) {
      ATTEMPTS.add(delivery.attempt());
      return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(100)) : Outcome.ack();
    }
  }

  @Inject Publisher publisher;

  @Test
  void blockedCallbacksStarveNeitherWarrensOwnWorkNorMemory() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch blocking = new CountDownLatch(2);
    // a publish confirmed before its callback is attached runs the callback right here, on the
    // test's thread (likelier since publishing has a connection of its own): such a callback does
    // not block, its place in the window is free again, and another blocker is published
    Thread test = Thread.currentThread();
    int confirmedFirst = 0;
    for (int blockers = 0; blockers < 2; ) {
      AtomicBoolean here = new AtomicBoolean();
      publisher
          .publish("", WINDOWED, "blocker-" + (blockers + confirmedFirst))
          .thenAccept(
              ok -> {
                if (Thread.currentThread() == test) {
                  here.set(true);
                  return;
                }
                blocking.countDown();
                try {
                  release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      if (here.get()) {
        confirmedFirst++;
      } else {
        blockers++;
      }
    }
    int extra = confirmedFirst;
    try {
      assertThat(blocking.await(30, TimeUnit.SECONDS)).as("both callbacks block").isTrue();

      // Warren's own work: the in-process delayed copy is published, and the second attempt runs
      Broker.get().publish(DELAYED, "later");
      await().atMost(Duration.ofSeconds(20)).until(() -> Delayed.ATTEMPTS.contains(2));

      // memory: with the callbacks stuck, publishers get at most the window's free places
      AtomicInteger returned = new AtomicInteger();
      List<CompletionStage<Void>> stages = new CopyOnWriteArrayList<>();
      Thread flood =
          new Thread(
              () -> {
                for (int i = 0; i < 4 * WINDOW; i++) {
                  stages.add(publisher.publish("", WINDOWED, "flood-" + i));
                  returned.incrementAndGet();
                }
              });
      flood.start();
      // the two blockers hold their places until their callbacks return
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  Broker.get().ready(WINDOWED) == WINDOW + extra
                      && flood.getState() == Thread.State.WAITING);
      assertThat(returned.get()).isEqualTo(WINDOW - 2);

      release.countDown();
      flood.join(30_000);
      assertThat(returned.get()).isEqualTo(4 * WINDOW);
      for (CompletionStage<Void> stage : stages) {
        stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
      }
      assertThat(Broker.get().ready(WINDOWED)).isEqualTo(4 * WINDOW + 2 + extra);
    } finally {
      release.countDown();
      Broker.get().drain(WINDOWED);
    }
  }
}
