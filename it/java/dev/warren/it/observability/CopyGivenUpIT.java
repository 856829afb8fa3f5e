package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A retry copy that can never be published (its target queue was deleted at runtime: every copy
 * comes back unroutable) is bounded and seen: after 5 failures in a row for the same message it is
 * given up (WARREN-271, ERROR, naming consumer, queue and target), readiness is DOWN with {@code
 * consumer.<name>.copies-failing} naming the target, and the message goes to the dead letter queue
 * with {@code x-warren-death-reason=copy-failed}; without a dead letter queue it keeps going back
 * to its queue, at a bounded pace, nothing lost. Once the target is back, a confirmed copy to it
 * makes readiness UP again. Weld SE, the shared broker, queues of its own.
 */
@Tag("observability")
class CopyGivenUpIT {

  static final String ORDERS = "warren.it.copy-given-up.orders";
  static final String ORDERS_RETRY = "warren.it.copy-given-up.orders.retry";
  static final String ORDERS_DLQ = "warren.it.copy-given-up.orders.dlq";
  static final String PRICES = "warren.it.copy-given-up.prices";
  static final String PRICES_RETRY = "warren.it.copy-given-up.prices.retry";
  static final String INVOICES = "warren.it.copy-given-up.invoices";
  static final String INVOICES_RETRY_X = "warren.it.copy-given-up.invoices.retry-x";
  static final String INVOICES_DLQ = "warren.it.copy-given-up.invoices.dlq";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  static WeldContainer container;

  @ApplicationScoped
  public static class Handlers {
    static final List<String> ORDER_CALLS = new CopyOnWriteArrayList<>();
    static final List<Long> PRICE_CALLS = new CopyOnWriteArrayList<>();
    static final List<String> INVOICE_CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(
        queue = INVOICES,
        maxAttempts = 10,
        deadLetter = INVOICES_DLQ,
        retryPublisher = @RetryPublisher(exchange = INVOICES_RETRY_X, routingKey = INVOICES))
    public Outcome invoice(String body) {
      INVOICE_CALLS.add(body);
      return Outcome.retry();
    }

    @RabbitConsumer(
        queue = ORDERS,
        maxAttempts = 10,
        deadLetter = ORDERS_DLQ,
        retryPublisher = @RetryPublisher(routingKey = ORDERS_RETRY))
    public Outcome order(String body) {
      ORDER_CALLS.add(body);
      return Outcome.retry();
    }

    @RabbitConsumer(
        queue = PRICES,
        maxAttempts = 10,
        retryPublisher = @RetryPublisher(routingKey = PRICES_RETRY))
    public Outcome price(String body) {
      PRICE_CALLS.add(System.nanoTime());
      return Outcome.retry();
    }
  }

  @BeforeAll
  static void deploy() {
    Broker.get().queue(ORDERS).queue(ORDERS_RETRY).queue(ORDERS_DLQ);
    Broker.get().queue(PRICES).queue(PRICES_RETRY);
    Broker.get().queue(INVOICES).queue(INVOICES_DLQ).exchange(INVOICES_RETRY_X, "direct");
    Broker.get().bind(INVOICES, INVOICES_RETRY_X, INVOICES);
    container =
        WeldSe.start(
            Stream.concat(Stream.of(Handlers.class), Stream.of(HealthReports.BEANS))
                .toArray(Class<?>[]::new));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> HealthReports.readiness(container).contains("\"status\":\"UP\""));
  }

  @AfterAll
  static void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    Broker.get().cleanUp();
  }

  @Test
  void aRetryCopyWhoseQueueIsGoneEndsInTheDeadLetterQueueAndReadinessSaysSo() {
    Broker.get().deleteQueue(ORDERS_RETRY);
    Broker.get().publish(ORDERS, "order-1");

    await().atMost(Duration.ofSeconds(30)).until(() -> Broker.get().ready(ORDERS_DLQ) == 1);
    assertThat(Handlers.ORDER_CALLS)
        .containsExactly("order-1", "order-1", "order-1", "order-1", "order-1");
    assertThat(logs.messagesContaining("WARREN-271"))
        .filteredOn(line -> line.contains(ORDERS_RETRY))
        .singleElement()
        .satisfies(
            line ->
                assertThat(line)
                    .contains(
                        "'" + ORDERS + "'",
                        "'" + ORDERS_RETRY + "'",
                        "5 times in a row",
                        "dead letter queue '" + ORDERS_DLQ + "'"));
    String readiness = HealthReports.readiness(container);
    assertThat(readiness)
        .contains("\"status\":\"DOWN\"")
        .contains("\"consumer." + ORDERS + "\":\"consuming\"")
        .contains(
            "\"consumer."
                + ORDERS
                + ".copies-failing\":\"exchange '' routing key '"
                + ORDERS_RETRY);
    GetResponse dead = Broker.get().drain(ORDERS_DLQ).get(0);
    assertThat(new String(dead.getBody(), StandardCharsets.UTF_8)).isEqualTo("order-1");
    assertThat(dead.getProps().getHeaders().get("x-warren-death-reason").toString())
        .isEqualTo("copy-failed");
    assertThat(dead.getProps().getHeaders().get("x-warren-origin-queue").toString())
        .isEqualTo(ORDERS);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(ORDERS) == 0);

    // the route is back: the next retry copy is confirmed and readiness is UP again
    Broker.get().queue(ORDERS_RETRY);
    Broker.get().publish(ORDERS, "order-2");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(ORDERS_RETRY) == 1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !HealthReports.readiness(container).contains(ORDERS + ".copies-failing"));
  }

  @Test
  void withoutADeadLetterQueueTheMessageKeepsGoingBackAtABoundedPaceAndReadinessSaysSo() {
    Broker.get().deleteQueue(PRICES_RETRY);
    Broker.get().publish(PRICES, "price-1");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                logs.messagesContaining("WARREN-271").stream()
                    .anyMatch(line -> line.contains(PRICES_RETRY)));
    assertThat(logs.messagesContaining("WARREN-271"))
        .filteredOn(line -> line.contains(PRICES_RETRY))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("'" + PRICES + "'", "keeps going back"));
    assertThat(HealthReports.readiness(container))
        .contains("\"status\":\"DOWN\"")
        .contains(
            "\"consumer."
                + PRICES
                + ".copies-failing\":\"exchange '' routing key '"
                + PRICES_RETRY);
    // not lost, not hot: the fifth failure pauses 4 s before the original goes back
    int calls = Handlers.PRICE_CALLS.size();
    assertThat(calls).isEqualTo(5);
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.PRICE_CALLS.size() > calls);
    long gap = Handlers.PRICE_CALLS.get(calls) - Handlers.PRICE_CALLS.get(calls - 1);
    assertThat(Duration.ofNanos(gap)).isGreaterThanOrEqualTo(Duration.ofSeconds(4));

    // the route is back: the message's next copy is confirmed and readiness is UP again
    Broker.get().queue(PRICES_RETRY);
    await().atMost(Duration.ofSeconds(20)).until(() -> Broker.get().ready(PRICES_RETRY) == 1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !HealthReports.readiness(container).contains(PRICES + ".copies-failing"));
  }

  @Test
  void aRetryCopyWhoseExchangeIsGoneClosesTheChannelYetEndsInTheDeadLetterQueue() {
    // a copy to an exchange that is gone closes the consumer's channel (404): the original comes
    // again on the reopened channel; the fifth such failure gives up, and the next delivery of the
    // message goes to the dead letter queue instead
    Broker.get().deleteExchange(INVOICES_RETRY_X);
    Broker.get().publish(INVOICES, "invoice-1");

    await().atMost(Duration.ofSeconds(40)).until(() -> Broker.get().ready(INVOICES_DLQ) == 1);
    assertThat(Handlers.INVOICE_CALLS).hasSize(6).containsOnly("invoice-1");
    assertThat(logs.messagesContaining("WARREN-271"))
        .filteredOn(line -> line.contains(INVOICES_RETRY_X))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("'" + INVOICES + "'", "404"));
    assertThat(HealthReports.readiness(container))
        .contains("\"status\":\"DOWN\"")
        .contains("\"consumer." + INVOICES + ".copies-failing\":\"exchange '" + INVOICES_RETRY_X);
    GetResponse dead = Broker.get().drain(INVOICES_DLQ).get(0);
    assertThat(dead.getProps().getHeaders().get("x-warren-death-reason").toString())
        .isEqualTo("copy-failed");
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(INVOICES) == 0);
  }
}
