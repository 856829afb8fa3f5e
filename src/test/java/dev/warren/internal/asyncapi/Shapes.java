package dev.warren.internal.asyncapi;

import dev.warren.Argument;
import dev.warren.Binding;
import dev.warren.Delay;
import dev.warren.DelayedRetryType;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTransient;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** Consumer beans and payload types of the golden documents, one shape each. */
@SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working and is tested
public final class Shapes {

  private Shapes() {}

  // ---- payloads ----

  public enum Status {
    NEW,
    PAID,
    SHIPPED
  }

  public record Customer(String name, @JsonbProperty("e-mail") String email) {}

  public record Line(String sku, int quantity, BigDecimal price) {}

  public record Order(
      UUID id,
      Customer customer,
      List<Line> lines,
      Set<String> tags,
      Map<String, Integer> stock,
      Optional<String> note,
      Status status,
      Instant placedAt,
      LocalDate due,
      LocalDateTime localTime,
      @JsonbTransient String internal,
      byte[] signature) {}

  /** A JavaBean: public getters and setters, a private field without either, a transient one. */
  public static class Payment {
    private String reference;
    private long cents;
    private boolean refunded;
    private String hidden;
    private transient String cache;

    public String getReference() {
      return reference;
    }

    public void setReference(String reference) {
      this.reference = reference;
    }

    public long getCents() {
      return cents;
    }

    public void setCents(long cents) {
      this.cents = cents;
    }

    public boolean isRefunded() {
      return refunded;
    }

    public void setRefunded(boolean refunded) {
      this.refunded = refunded;
    }

    @JsonbProperty("card_holder")
    public String getHolder() {
      return "";
    }

    public String getCache() {
      return cache;
    }
  }

  /** Refers to itself: its schema must refer to itself too. */
  public record Category(String name, List<Category> children) {}

  public record QuoteRequest(String item, int quantity) {}

  public record Quote(String item, BigDecimal price, Instant validUntil) {}

  public record Event(String type, Map<String, String> attributes) {}

  public record OrderCreated(UUID order, Instant at) {}

  // ---- consumers ----

  public static class ClassicWithCap {
    @RabbitConsumer(queue = "orders", maxAttempts = 5, deadLetter = "orders.dlq")
    public Outcome onOrder(Order order, Delivery delivery) {
      return Outcome.ack();
    }
  }

  public static class Quorum {
    @RabbitConsumer(
        queue = "payments",
        queueType = QueueType.QUORUM,
        maxAttempts = 3,
        deadLetter = "payments.dlq",
        prefetch = 20,
        concurrency = 4,
        arguments = @Argument(name = "x-max-length", value = "10000", type = Argument.Type.NUMBER))
    public void onPayment(Payment payment) {}
  }

  public static class QuorumBackOff {
    @RabbitConsumer(
        queue = "invoices",
        queueType = QueueType.QUORUM,
        maxAttempts = 5,
        deadLetter = "invoices.dlq",
        delayedRetryType = DelayedRetryType.FAILED,
        delayedRetryMin = "500ms",
        delayedRetryMax = "1500ms")
    public void onInvoice(Payment payment) {}
  }

  public static class Partitioned {
    @RabbitConsumer(
        queue = "accounts",
        queueType = QueueType.QUORUM,
        partitions = 2,
        maxAttempts = 3,
        deadLetter = "accounts.dlq")
    public void onEvent(Payment payment) {}
  }

  public static class DlxTtlTiers {
    @RabbitConsumer(
        queue = "shipments",
        delay = Delay.DLX_TTL,
        delayTiers = {"1s", "30s", "10m"})
    public Outcome onShipment(String text) {
      return Outcome.retryAfter(java.time.Duration.ofSeconds(5));
    }

    @RabbitConsumer(queue = "categories", delay = Delay.DLX_TTL)
    public Outcome onCategory(Category category) {
      return Outcome.ack();
    }
  }

  public static class PluginDelay {
    @RabbitConsumer(queue = "reminders", delay = Delay.PLUGIN_DME, maxAttempts = 4)
    public Outcome onReminder(byte[] body) {
      return Outcome.ack();
    }
  }

  public static class Batch {
    @RabbitConsumer(queue = "audit", batchSize = 100, batchWait = "200ms", prefetch = 500)
    public List<Outcome> onAudit(List<Event> events, List<Delivery> deliveries) {
      return List.of();
    }
  }

  public static class Responder {
    @RabbitConsumer(queue = "quotes", concurrency = 4)
    public Quote quote(QuoteRequest request) {
      return null;
    }

    @RabbitConsumer(queue = "echo", name = "echo-async")
    public CompletionStage<String> echo(String text) {
      return null;
    }
  }

  public static class Bindings {
    @RabbitConsumer(
        queue = "order-events",
        maxAttempts = 2,
        retryPublisher = @RetryPublisher(exchange = "retries", routingKey = "order-events"),
        bindings = {
          @Binding(
              exchange = "events",
              type = "topic",
              routingKeys = {"order.*", "invoice.#"}),
          @Binding(exchange = "broadcast", type = "fanout"),
          @Binding(exchange = "shards", type = "x-consistent-hash", routingKeys = "10")
        })
    public Outcome onEvent(Event event) {
      return Outcome.ack();
    }
  }
}
