package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Publisher;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Shutdown waits for outstanding publisher confirms before it closes the connection. */
@Tag("container")
class PublisherShutdownIT {

  static final String QUEUE = "warren.it.publish.shutdown";
  static final int MESSAGES = 200;

  AmqpRecorder recorder;

  /** An application bean that publishes. */
  @Dependent
  public static class Sender {
    @Inject Publisher publisher;
  }

  @BeforeEach
  void prepare() throws Exception {
    recorder = AmqpRecorder.start();
    Broker.get().queue(QUEUE);
    TestConfig.set("warren.uri", recorder.uri());
  }

  @AfterEach
  void cleanUp() throws Exception {
    recorder.releaseBrokerToClient();
    recorder.close();
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @Test
  void shutdownWaitsForOutstandingConfirms() throws Exception {
    WeldContainer container = WeldSe.start(Sender.class);
    Publisher publisher = container.select(Sender.class).get().publisher;
    publisher.publish("", QUEUE, "open").toCompletableFuture().join();

    recorder.holdBrokerToClient();
    List<CompletableFuture<Void>> stages = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      stages.add(publisher.publish("", QUEUE, "s-" + i).toCompletableFuture());
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> recorder.publishes() == MESSAGES + 1);
    assertThat(stages).noneMatch(CompletableFuture::isDone);

    // the confirms arrive only after shutdown has begun
    Thread later =
        new Thread(
            () -> {
              sleepQuietly(500);
              recorder.releaseBrokerToClient();
            });
    later.start();
    container.shutdown();

    assertThat(stages).allSatisfy(f -> assertThat(f).isCompleted());
    assertThat(stages).noneMatch(CompletableFuture::isCompletedExceptionally);
    assertThat(Broker.get().ready(QUEUE)).isEqualTo(MESSAGES + 1);
  }

  private static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
