package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.AmqpRecorder.Method;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Frames;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 7: 1,000 waiting messages through a batch consumer with batchSize 50 make about 20
 * calls, and each delivery is settled exactly once with its own {@code basic.ack} (never {@code
 * multiple=true}), as recorded on the wire.
 */
class BatchThousandIT extends WarrenIT {

  static final String QUEUE = "warren.it.batch.thousand";
  static final int MESSAGES = 1000;

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get().queue(QUEUE);
    // waiting before the consumer starts, so batches fill from the prefetch buffer
    for (int i = 0; i < MESSAGES; i++) {
      Broker.get().publish(QUEUE, "m-" + i);
    }
    TestConfig.set("warren.uri", recorder.uri());
  }

  @AfterUndeployment
  static void stopRecording() throws IOException {
    if (recorder != null) {
      recorder.close();
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Audit.class);
  }

  /** Records each call's bodies and acks the whole batch. */
  @ApplicationScoped
  public static class Audit {
    static final List<List<String>> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE, batchSize = 50, batchWait = "1s")
    public Outcome onBatch(List<String> bodies) {
      CALLS.add(List.copyOf(bodies));
      return Outcome.ack();
    }
  }

  @Test
  void aThousandMessagesMakeAboutTwentyCallsAndEachDeliveryIsAckedOnce() {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> Audit.CALLS.stream().mapToInt(List::size).sum() >= MESSAGES);
    List<String> seen = Audit.CALLS.stream().flatMap(List::stream).collect(Collectors.toList());
    System.out.println(
        "BatchThousandIT: "
            + Audit.CALLS.size()
            + " calls of sizes "
            + Audit.CALLS.stream().map(List::size).collect(Collectors.toList()));

    assertThat(seen)
        .as("every message reached the method exactly once, in queue order")
        .containsExactlyElementsOf(IntStream.range(0, MESSAGES).mapToObj(i -> "m-" + i).toList());
    assertThat(Audit.CALLS).allSatisfy(call -> assertThat(call).hasSizeBetween(1, 50));
    assertThat(Audit.CALLS.size()).as("calls").isBetween(20, 24);

    Method consume = Frames.consumeOf(recorder, QUEUE);
    await("1,000 settlement frames")
        .atMost(Duration.ofSeconds(30))
        .until(() -> Frames.settlementsOn(recorder, consume).size() >= MESSAGES);
    List<Method> settlements = Frames.settlementsOn(recorder, consume);
    assertThat(settlements).hasSize(MESSAGES);
    assertThat(settlements).allSatisfy(m -> assertThat(m.name()).isEqualTo("basic.ack"));
    assertThat(settlements).noneMatch(Method::multiple);
    assertThat(settlements.stream().map(Method::deliveryTag).distinct().count())
        .as("distinct delivery tags")
        .isEqualTo(MESSAGES);
    assertThat(Broker.get().ready(QUEUE)).isZero();
  }
}
