package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Publisher;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The in-flight window holds when the broker goes slow: with the broker's confirms held back (by a
 * proxy between Warren and the broker), Warren sends exactly max-in-flight messages and then waits;
 * nothing is dropped and every message completes once confirms flow again.
 */
class PublisherWindowIT extends WarrenIT {

  static final String QUEUE = "warren.it.publish.window";
  static final int WINDOW = 50;
  static final int MESSAGES = 500;

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get().queue(QUEUE);
    TestConfig.set("warren.uri", recorder.uri());
    TestConfig.set("warren.publisher.max-in-flight", Integer.toString(WINDOW));
  }

  @AfterAll
  static void release() {
    recorder.releaseBrokerToClient();
  }

  @AfterUndeployment
  static void stopRecorder() throws IOException {
    recorder.close();
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive();
  }

  @Inject Publisher publisher;

  @Test
  void neverMoreUnconfirmedMessagesThanTheWindow() throws Exception {
    // the first publish opens the channel (its confirm.select-ok must get through)
    publisher.publish("", QUEUE, "open").toCompletableFuture().get(10, TimeUnit.SECONDS);
    long before = recorder.publishes();

    recorder.holdBrokerToClient();
    List<CompletableFuture<Void>> stages = new CopyOnWriteArrayList<>();
    AtomicInteger completed = new AtomicInteger();
    Thread publishing =
        new Thread(
            () -> {
              for (int i = 0; i < MESSAGES; i++) {
                CompletableFuture<Void> f =
                    publisher.publish("", QUEUE, "w-" + i).toCompletableFuture();
                f.whenComplete((ok, error) -> completed.incrementAndGet());
                stages.add(f);
              }
            });
    publishing.start();

    // no confirms arrive: Warren stops at the window and waits, for as long as that lasts
    await().atMost(Duration.ofSeconds(10)).until(() -> recorder.publishes() - before == WINDOW);
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> recorder.publishes() - before == WINDOW && stages.size() == WINDOW);
    assertThat(publishing.getState()).isIn(Thread.State.WAITING, Thread.State.TIMED_WAITING);
    assertThat(completed.get()).isZero();

    recorder.releaseBrokerToClient();
    publishing.join(30_000);
    CompletableFuture.allOf(stages.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    assertThat(stages).hasSize(MESSAGES).allSatisfy(f -> assertThat(f).isCompleted());
    assertThat(recorder.publishes() - before).isEqualTo(MESSAGES);
    assertThat(Broker.get().ready(QUEUE)).isEqualTo(MESSAGES + 1);
  }
}
