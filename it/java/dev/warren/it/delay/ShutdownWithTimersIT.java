package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Graceful shutdown with in-process delays pending: timers that fire within warren.shutdown-timeout
 * still publish their copy; originals held past it go back unhandled.
 */
@Tag("container")
class ShutdownWithTimersIT {

  static final String QUEUE = "warren.it.delay.shutdown";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Waits.CALLS.set(0);
    Broker.get().queue(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class Waits {
    static final AtomicInteger CALLS = new AtomicInteger();
    static volatile Duration delay;

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      CALLS.incrementAndGet();
      return Outcome.retryAfter(delay);
    }
  }

  @Test
  void pendingTimersFireBeforeTheChannelCloses() {
    Waits.delay = Duration.ofMillis(700);
    WeldContainer container = WeldSe.start(Waits.class);
    Broker.get().publish(QUEUE, "soon");
    await().atMost(Duration.ofSeconds(10)).until(() -> Waits.CALLS.get() == 1);
    long start = System.nanoTime();
    container.shutdown();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    List<GetResponse> left = Broker.get().drain(QUEUE);
    assertThat(left).hasSize(1); // the copy, not the original
    assertThat(left.get(0).getProps().getHeaders().get("x-warren-retry-count").toString())
        .isEqualTo("1");
    assertThat(Waits.CALLS.get()).isEqualTo(1);
  }

  @Test
  void originalsHeldPastTheShutdownTimeoutGoBackToTheQueueUnhandled() {
    Waits.delay = Duration.ofSeconds(30);
    TestConfig.set("warren.shutdown-timeout", "300ms");
    WeldContainer container = WeldSe.start(Waits.class);
    Broker.get().publish(QUEUE, "later");
    await().atMost(Duration.ofSeconds(10)).until(() -> Waits.CALLS.get() == 1);
    long start = System.nanoTime();
    container.shutdown();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    List<GetResponse> left = Broker.get().drain(QUEUE);
    assertThat(left).hasSize(1); // the original, as it was
    assertThat(left.get(0).getEnvelope().isRedeliver()).isTrue();
    assertThat(left.get(0).getProps().getHeaders()).isNull();
  }
}
