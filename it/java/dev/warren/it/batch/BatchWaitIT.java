package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/** SPEC section 7: a batch smaller than batchSize is handled once batchWait has passed. */
class BatchWaitIT extends WarrenIT {

  static final String QUEUE = "warren.it.batch.wait";
  static final Duration WAIT = Duration.ofMillis(400);

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Slow.class);
  }

  /** One call: when it came and what it held. */
  record Call(long atNanos, List<String> bodies) {}

  @ApplicationScoped
  public static class Slow {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE, batchSize = 50, batchWait = "400ms")
    public void onBatch(List<String> bodies) {
      CALLS.add(new Call(System.nanoTime(), List.copyOf(bodies)));
    }
  }

  @Test
  void aPartialBatchIsHandledOnceBatchWaitHasPassed() {
    long published = System.nanoTime();
    List<String> bodies = IntStream.range(0, 7).mapToObj(i -> "w-" + i).toList();
    bodies.forEach(body -> Broker.get().publish(QUEUE, body));

    await().atMost(Duration.ofSeconds(10)).until(() -> !Slow.CALLS.isEmpty());
    Call call = Slow.CALLS.get(0);
    Duration after = Duration.ofNanos(call.atNanos() - published);
    System.out.println("BatchWaitIT: 7 of 50 handled " + after.toMillis() + " ms after publishing");

    assertThat(call.bodies()).containsExactlyElementsOf(bodies);
    // the wait starts when the first delivery arrives, which is after it was published
    assertThat(after).isGreaterThanOrEqualTo(WAIT).isLessThan(WAIT.plusSeconds(3));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
    assertThat(Slow.CALLS).hasSize(1);
  }
}
