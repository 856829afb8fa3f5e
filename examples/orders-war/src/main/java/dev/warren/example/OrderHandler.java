package dev.warren.example;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * Consumes orders. A malformed order is dropped, a busy stock is retried after a pause, and an
 * order that fails three times goes to the dead letter queue 'orders.dlq'. Handlers run on threads
 * with the application's EE context: the injected resource below and java:comp lookups work here.
 */
@ApplicationScoped
public class OrderHandler {

  private static final Logger LOG = Logger.getLogger(OrderHandler.class.getName());

  @Inject Stock stock;

  // the server injects it; outside one (Weld SE, as in Warren's test kit) it stays null
  @Resource TransactionSynchronizationRegistry transactions;

  @RabbitConsumer(queue = "orders", maxAttempts = 3, deadLetter = "orders.dlq")
  public Outcome onOrder(Order order, Delivery delivery) {
    if (!order.valid()) {
      return Outcome.drop();
    }
    if (!stock.reserve(order.item(), order.quantity())) {
      return Outcome.retryAfter(Duration.ofSeconds(2));
    }
    LOG.info(
        () ->
            "order '"
                + order.id()
                + "' reserved on attempt "
                + delivery.attempt()
                + " (transaction status "
                + (transactions == null ? "unknown" : transactions.getTransactionStatus())
                + ")");
    return Outcome.ack();
  }
}
