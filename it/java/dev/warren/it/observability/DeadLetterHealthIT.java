package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import dev.warren.DeadLetters;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A consumer's dead letter queue's ready messages in readiness ({@code
 * consumer.<name>.dead-letters}) and as the gauge {@code warren.dead-letter.ready}, sampled every 5
 * s: they reach the number of messages dead-lettered, go back to 0 after a purge through {@link
 * DeadLetters}, and read as unknown (no entry) once the queue is gone; none of it makes readiness
 * DOWN. A consumer without a dead letter queue has neither. Weld SE, the shared broker, queues of
 * its own.
 */
@Tag("observability")
class DeadLetterHealthIT {

  static final String ORDERS = "warren.it.dl-gauge.orders";
  static final String ORDERS_DLQ = "warren.it.dl-gauge.orders.dlq";
  static final String PRICES = "warren.it.dl-gauge.prices";
  static final int DEAD = 7;

  static WeldContainer container;

  @ApplicationScoped
  public static class Handlers {
    @RabbitConsumer(queue = ORDERS, maxAttempts = 2, deadLetter = ORDERS_DLQ)
    public Outcome order(String body) {
      return Outcome.retry();
    }

    @RabbitConsumer(queue = PRICES)
    public Outcome price(String body) {
      return Outcome.ack();
    }
  }

  @BeforeAll
  static void deploy() {
    Broker.get().queue(ORDERS).queue(ORDERS_DLQ).queue(PRICES);
    container =
        WeldSe.start(
            Stream.concat(
                    Stream.of(Handlers.class, InMemoryOpenTelemetry.class),
                    Stream.of(HealthReports.BEANS))
                .toArray(Class<?>[]::new));
    await().atMost(Duration.ofSeconds(10)).until(() -> readiness().contains("\"status\":\"UP\""));
  }

  @AfterAll
  static void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    Broker.get().cleanUp();
  }

  private static String readiness() {
    return HealthReports.readiness(container);
  }

  /** The consumer's dead letters in readiness's data; -1 when not shown. */
  private static long deadLetters(String consumer) {
    Matcher m =
        Pattern.compile("\"consumer\\." + Pattern.quote(consumer) + "\\.dead-letters\":(\\d+)")
            .matcher(readiness());
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private static long gauge(String consumer) {
    return InMemoryOpenTelemetry.sum(
        "warren.dead-letter.ready",
        Map.of("warren.consumer", consumer, "warren.queue", ORDERS_DLQ));
  }

  @Test
  void theDeadLetterQueuesDepthIsSeenUntilAPurgeEmptiesItAndUnknownOnceItIsGone() {
    await().atMost(Duration.ofSeconds(15)).until(() -> deadLetters(ORDERS) == 0);

    for (int i = 0; i < DEAD; i++) {
      Broker.get().publish(ORDERS, "order-" + i);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(ORDERS_DLQ) == DEAD);
    await().atMost(Duration.ofSeconds(15)).until(() -> deadLetters(ORDERS) == DEAD);
    assertThat(gauge(ORDERS)).isEqualTo(DEAD);
    // a growing dead letter queue is seen, and is no reason to be unready
    assertThat(readiness()).contains("\"status\":\"UP\"");
    assertThat(readiness()).doesNotContain(PRICES + ".dead-letters");

    DeadLetterReport purged =
        container.select(DeadLetters.class).get().purge(DeadLetterQuery.consumer(ORDERS));
    assertThat(purged.done()).isEqualTo(DEAD);
    await().atMost(Duration.ofSeconds(15)).until(() -> deadLetters(ORDERS) == 0);
    assertThat(gauge(ORDERS)).isZero();

    // the queue is gone: its depth is unknown, the consumer itself goes on
    Broker.get().deleteQueue(ORDERS_DLQ);
    await().atMost(Duration.ofSeconds(15)).until(() -> deadLetters(ORDERS) == -1);
    assertThat(readiness()).contains("\"status\":\"UP\"");
  }
}
