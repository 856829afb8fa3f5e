package dev.warren.docs;

import dev.warren.Delivery;
import dev.warren.Header;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.docs.Model.Order;
import dev.warren.docs.Model.Stock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;

/** docs/outcomes-and-settlement.md and docs/consumers.md. */
@ApplicationScoped
public class Orders {

  @Inject Stock stock;

  @RabbitConsumer(queue = "orders")
  public Outcome onOrder(Order order) {
    if (!order.valid()) {
      return Outcome.drop(); // basic.reject(requeue=false)
    }
    if (!stock.reserve(order)) {
      return Outcome.retryAfter(Duration.ofSeconds(5)); // a copy that waits, then comes back
    }
    return Outcome.ack(); // basic.ack
  }

  @RabbitConsumer(queue = "tenant-orders")
  public Outcome onTenantOrder(
      Order order,
      Delivery delivery,
      @Header("tenant") String tenant, // required: without it, a decode failure
      @Header("x-priority-hint") Optional<Integer> hint) {
    Optional<String> id = delivery.messageId();
    long region = delivery.header("region-id", Long.class).orElse(0L);
    return Outcome.ack();
  }
}
