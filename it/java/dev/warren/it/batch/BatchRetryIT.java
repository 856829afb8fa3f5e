package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
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
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 7: {@code Outcome.retry()} for a batch rejects every delivery with requeue, one
 * {@code basic.reject} each, and the whole batch comes back.
 */
class BatchRetryIT extends WarrenIT {

  static final String QUEUE = "warren.it.batch.retry";
  static final int SIZE = 10;

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get().queue(QUEUE);
    for (int i = 0; i < SIZE; i++) {
      Broker.get().publish(QUEUE, "r-" + i);
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
    return beanArchive(RetryOnce.class);
  }

  /** One call as the method saw it. */
  record Call(List<String> bodies, List<Boolean> redelivered, List<Long> tags) {}

  /** Retries a batch of first deliveries, acks a batch of redeliveries. */
  @ApplicationScoped
  public static class RetryOnce {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE, batchSize = SIZE, batchWait = "2s")
    public Outcome onBatch(List<String> bodies, List<Delivery> deliveries) {
      CALLS.add(
          new Call(
              List.copyOf(bodies),
              deliveries.stream().map(Delivery::redelivered).toList(),
              deliveries.stream().map(Delivery::deliveryTag).toList()));
      return deliveries.stream().allMatch(Delivery::redelivered) ? Outcome.ack() : Outcome.retry();
    }
  }

  @Test
  void aRetriedBatchComesBackWhole() {
    await().atMost(Duration.ofSeconds(30)).until(() -> RetryOnce.CALLS.size() >= 2);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(QUEUE) == 0);
    List<String> bodies = IntStream.range(0, SIZE).mapToObj(i -> "r-" + i).toList();

    Call first = RetryOnce.CALLS.get(0);
    Call second = RetryOnce.CALLS.get(1);
    assertThat(RetryOnce.CALLS).hasSize(2);
    assertThat(first.bodies()).containsExactlyElementsOf(bodies);
    assertThat(first.redelivered()).containsOnly(false);
    assertThat(second.bodies()).containsExactlyInAnyOrderElementsOf(bodies);
    assertThat(second.redelivered()).containsOnly(true);

    Method consume = Frames.consumeOf(recorder, QUEUE);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Frames.settlementsOn(recorder, consume).size() == 2 * SIZE);
    List<String> frames =
        Frames.settlementsOn(recorder, consume).stream().map(Method::toString).toList();
    assertThat(frames)
        .containsExactlyElementsOf(
            IntStream.range(0, 2 * SIZE)
                .mapToObj(
                    i ->
                        i < SIZE
                            ? "basic.reject(tag=" + first.tags().get(i) + ", requeue=true)"
                            : "basic.ack(tag=" + second.tags().get(i - SIZE) + ", multiple=false)")
                .toList());
  }
}
