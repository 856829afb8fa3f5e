package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
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
 * publishers are held back by max-in-flight instead of queueing completions without bound. Warren
 * connects through an {@link AmqpRecorder}, which holds each blocker's confirm back until the
 * blocking callback is attached.
 */
class PublisherCallbacksIT extends WarrenIT {

  static final String DELAYED = "warren.it.publish.callbacks.delayed";
  static final String WINDOWED = "warren.it.publish.callbacks.windowed";
  static final int WINDOW = 10;
  static final int BLOCKERS = 2; // as many as Warren has completion threads

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get().queue(DELAYED).queue(WINDOWED);
    TestConfig.set("warren.uri", recorder.uri());
    TestConfig.set("warren.publisher.max-in-flight", Integer.toString(WINDOW));
  }

  @AfterUndeployment
  static void stopRecorder() throws IOException {
    recorder.close();
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
    // the first publish opens the channel: its confirm.select-ok must get through
    publisher.publish("", WINDOWED, "open").toCompletableFuture().get(10, TimeUnit.SECONDS);
    CountDownLatch release = new CountDownLatch(1);
    List<Thread> blocked = new CopyOnWriteArrayList<>();
    try {
      // a callback attached after the confirm came back would run at once on the test's thread:
      // each blocker's confirm is held back until its callback is attached, so that the callback
      // runs where the stage completes, on one of Warren's completion threads, and blocks it
      for (int blocker = 1; blocker <= BLOCKERS; blocker++) {
        recorder.holdBrokerToClient();
        CompletionStage<Void> stage = publisher.publish("", WINDOWED, "blocker-" + blocker);
        stage.thenAccept(
            ok -> {
              blocked.add(Thread.currentThread());
              try {
                release.await(60, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
        recorder.releaseBrokerToClient();
        int callbacks = blocker;
        await().atMost(Duration.ofSeconds(30)).until(() -> blocked.size() == callbacks);
      }
      assertThat(blocked)
          .as("the blocked callbacks' threads")
          .doesNotHaveDuplicates()
          .allSatisfy(thread -> assertThat(thread.getName()).startsWith("warren-confirms"));

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
      // the blocked callbacks hold their places until they return
      int stuck = 1 + BLOCKERS + (WINDOW - BLOCKERS); // "open", the blockers, the flood's share
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
        throw new AssertionError("last seen: " + seen[0] + "; " + warrenThreads(), e);
      }
      assertThat(returned.get()).isEqualTo(WINDOW - BLOCKERS);

      release.countDown();
      flood.join(30_000);
      assertThat(returned.get()).isEqualTo(4 * WINDOW);
      for (CompletionStage<Void> stage : stages) {
        stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
      }
      assertThat(Broker.get().ready(WINDOWED)).isEqualTo(1 + BLOCKERS + 4 * WINDOW);
    } finally {
      recorder.releaseBrokerToClient();
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
