package dev.warren.demo;

import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * The shop's consumers. Each records what it decided in {@link DemoStats}; Warren turns each
 * returned outcome (or thrown exception) into the frames the README's outcome table lists.
 */
@ApplicationScoped
public class Handlers {

  static final String ORDERS = "warren.demo.orders";
  static final String ORDERS_DLQ = "warren.demo.orders.dlq";
  static final String PAYMENTS = "warren.demo.payments";
  static final String PAYMENTS_DLQ = "warren.demo.payments.dlq";
  static final String SHIPMENTS = "warren.demo.shipments";
  static final String SHIPMENTS_WAIT = "warren.demo.shipments.retry";
  static final String QUOTES = "warren.demo.quotes";
  static final int ORDER_ATTEMPTS = 3;
  static final int PAYMENT_ATTEMPTS = 2;
  static final Duration CARRIER_PAUSE = Duration.ofMillis(800);

  @Inject DemoStats stats;

  /**
   * A classic queue with a cap: Warren counts attempts in a header and publishes a confirmed copy
   * for each retry; at the third attempt the copy goes to the dead letter queue instead.
   */
  @RabbitConsumer(
      queue = ORDERS,
      concurrency = 4,
      maxAttempts = ORDER_ATTEMPTS,
      deadLetter = ORDERS_DLQ)
  public Outcome onOrder(Order order, Delivery delivery) {
    switch (order.kind()) {
      case INVALID:
        stats.count("orders dropped");
        return Outcome.drop();
      case POISON:
        if (delivery.attempt() >= ORDER_ATTEMPTS) {
          stats.count("orders dead-lettered");
        }
        return Outcome.retry(); // at the cap Warren sends the copy to the dead letter queue
      case BUSY:
        if (delivery.attempt() == 1) {
          stats.count("orders retried once");
          return Outcome.retry();
        }
        break;
      default:
        break;
    }
    stats.count("orders acked");
    return Outcome.ack();
  }

  /**
   * A quorum queue with a cap: the pair becomes the queue's delivery limit and dead-letter route,
   * and the broker counts ({@code x-delivery-count}); {@code retry()} is a plain requeue.
   */
  @RabbitConsumer(
      queue = PAYMENTS,
      queueType = QueueType.QUORUM,
      maxAttempts = PAYMENT_ATTEMPTS,
      deadLetter = PAYMENTS_DLQ)
  public Outcome onPayment(Payment payment, Delivery delivery) {
    if (payment.declined()) {
      if (delivery.attempt() >= PAYMENT_ATTEMPTS) {
        stats.count("payments dead-lettered");
      }
      return Outcome.retry();
    }
    stats.count("payments acked");
    return Outcome.ack();
  }

  /**
   * A delayed retry on the broker: the copy waits in the wait queue with a per-message TTL and
   * dead-letters back when it expires.
   */
  @RabbitConsumer(queue = SHIPMENTS, delay = Delay.DLX_TTL)
  public Outcome onShipment(String parcel, Delivery delivery) {
    if (parcel.endsWith("1") && delivery.attempt() == 1) {
      stats.count("shipments delayed once");
      return Outcome.retryAfter(CARRIER_PAUSE);
    }
    stats.count("shipments acked");
    return Outcome.ack();
  }

  /** A responder: its return value is the reply to the request. */
  @RabbitConsumer(queue = QUOTES)
  public Quote onQuote(QuoteRequest request) {
    stats.count("quotes answered");
    return new Quote(request.item(), 250L * request.quantity());
  }

  /** A request for a price. */
  public record QuoteRequest(String item, int quantity) {}

  /** The price. */
  public record Quote(String item, long cents) {}
}
