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
    Thread test = Thread.currentThread();
    int blockers = 0;
    try {
      // a callback attached after the broker's confirm came back runs at once, here: publish
      // (one at a time) until two callbacks block on Warren's completion threads
      while (blocking.getCount() > 0) {
        assertThat(blockers).as("publishes until two callbacks block").isLessThan(20);
        CountDownLatch ran = new CountDownLatch(1);
        publisher
            .publish("", WINDOWED, "blocker-" + blockers++)
            .thenAccept(
                ok -> {
                  if (Thread.currentThread() == test) {
                    ran.countDown();
                    return;
                  }
                  blocking.countDown(); // before ran: the loop reads it when ran opens
                  ran.countDown();
                  try {
                    release.await(60, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
        assertThat(ran.await(30, TimeUnit.SECONDS))
            .as("the callback runs; %s", warrenThreads())
            .isTrue();
      }

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
      // the two blocked callbacks hold their places until they return
      int stuck = blockers + WINDOW - 2; // every blocker, and the flood up to the window
      String[] seen = {""};
      try {
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> {
                  int ready = Broker.get().ready(WINDOWED);
                  Thread.State state = flood.getState();
                  seen[0] =
                      "ready "
                          + ready
                          + ", publisher thread "
                          + state
                          + ", returned "
                          + returned.get()
                          + " at "
                          + java.util.Arrays.toString(flood.getStackTrace());
                  return ready == stuck && state == Thread.State.WAITING;
                });
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        throw new AssertionError("last seen: " + seen[0], e);
      }
      assertThat(returned.get()).isEqualTo(WINDOW - 2);

      release.countDown();
      flood.join(30_000);
      assertThat(returned.get()).isEqualTo(4 * WINDOW);
      for (CompletionStage<Void> stage : stages) {
        stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
      }
      assertThat(Broker.get().ready(WINDOWED)).isEqualTo(4 * WINDOW + blockers);
    } finally {
      release.countDown();
      Broker.get().drain(WINDOWED);
    }
  }

  private static String warrenThreads() {
    StringBuilder out = new StringBuilder();
    Thread.getAllStackTraces()
        .forEach(
            (thread, stack) -> {
              if (thread.getName().startsWith("warren-")) {
                out.append(thread.getName()).append(' ').append(thread.getState()).append(' ');
                out.append(java.util.Arrays.toString(stack)).append('\n');
              }
            });
    return out.toString();
  }
}
