package dev.warren.test.app;

import dev.warren.Header;
import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;

/** The kit's test application: a shop's consumers. */
@ApplicationScoped
public class Shop {

  /** An order. */
  public record Order(String id, int quantity) {}

  /** A price. */
  public record Price(String item, long cents) {}

  final List<String> handled = new CopyOnWriteArrayList<>();

  @Inject Publisher publisher;
  @Inject Requester requester;
  @Inject PerDelivery perDelivery;

  public List<String> handled() {
    return handled;
  }

  @RabbitConsumer(queue = "orders", maxAttempts = 3, deadLetter = "orders.dlq")
  public Outcome onOrder(Order order, @Header("tenant") String tenant) throws TimeoutException {
    handled.add(order.id() + "@" + tenant + "#" + perDelivery.id());
    if (order.quantity() < 0) {
      return Outcome.drop();
    }
    if (order.id().equals("busy")) {
      return Outcome.retry();
    }
    if (order.id().equals("slow")) {
      throw new TimeoutException("stock did not answer");
    }
    if (order.id().equals("broken")) {
      throw new IllegalStateException("no stock for " + order.id());
    }
    publisher.publish(
        OutgoingMessage.to("events", "order.accepted")
            .payload(order)
            .header("tenant", tenant)
            .build());
    return Outcome.ack();
  }

  @RabbitConsumer(queue = "shipments", delay = dev.warren.Delay.DLX_TTL)
  public Outcome onShipment(String body) {
    return Outcome.retryAfter(Duration.ofSeconds(5));
  }

  @RabbitConsumer(queue = "quotes")
  public Price quote(String item) {
    return new Price(item, 250);
  }

  @RabbitConsumer(queue = "pricing")
  public CompletionStage<Outcome> reprice(String item) {
    return requester
        .request("", "prices", item, Price.class, Duration.ofSeconds(1))
        .thenApply(price -> price.cents() > 0 ? Outcome.ack() : Outcome.drop());
  }

  @RabbitConsumer(queue = "audit", batchSize = 10, batchWait = "50ms")
  public List<Outcome> audit(List<Order> orders) {
    return orders.stream().map(o -> o.quantity() > 0 ? Outcome.ack() : Outcome.retry()).toList();
  }

  @RabbitConsumer(queue = "doomed")
  public void doomed(String body) {
    throw new OutOfMemoryError("simulated");
  }
}
