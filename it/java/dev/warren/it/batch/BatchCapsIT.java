package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC sections 3.1 and 7: a batch outcome settles each delivery through the same path as a single
 * delivery, so attempt caps apply per delivery: a classic batch consumer that always retries sends
 * counted copies, then every message to the dead letter queue at the cap.
 */
class BatchCapsIT extends WarrenIT {

  static final String QUEUE = "warren.it.batch.caps";
  static final String DLQ = "warren.it.batch.caps.dlq";
  static final int SIZE = 5;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE).queue(DLQ);
    for (int i = 0; i < SIZE; i++) {
      Broker.get().publish(QUEUE, "c-" + i);
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(AlwaysRetry.class);
  }

  /** Records the attempt numbers of each call and retries the whole batch. */
  @ApplicationScoped
  public static class AlwaysRetry {
    static final List<List<Integer>> ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(
        queue = QUEUE,
        batchSize = SIZE,
        batchWait = "2s",
        maxAttempts = 2,
        deadLetter = DLQ)
    public Outcome onBatch(List<String> bodies, List<Delivery> deliveries) {
      ATTEMPTS.add(deliveries.stream().map(Delivery::attempt).toList());
      return Outcome.retry();
    }
  }

  @Test
  void everyDeliveryOfARetriedBatchIsCountedAndDeadLetteredAtTheCap() {
    await().atMost(Duration.ofSeconds(30)).until(() -> Broker.get().ready(DLQ) == SIZE);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(QUEUE) == 0);

    assertThat(AlwaysRetry.ATTEMPTS)
        .containsExactly(
            IntStream.range(0, SIZE).mapToObj(i -> 1).toList(),
            IntStream.range(0, SIZE).mapToObj(i -> 2).toList());
    List<GetResponse> dead = Broker.get().drain(DLQ);
    assertThat(dead)
        .extracting(r -> new String(r.getBody(), StandardCharsets.UTF_8))
        .containsExactlyInAnyOrderElementsOf(
            IntStream.range(0, SIZE).mapToObj(i -> "c-" + i).toList());
    assertThat(dead)
        .allSatisfy(
            r -> {
              assertThat(r.getProps().getHeaders().get("x-warren-death-reason"))
                  .hasToString("max-attempts");
              assertThat(r.getProps().getHeaders().get("x-warren-origin-queue")).hasToString(QUEUE);
            });
  }
}
