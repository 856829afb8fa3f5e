package dev.warren.demo;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The demo's consumer: four worker threads take orders from {@value DemoMain#ORDERS_QUEUE}, and the
 * {@link Outcome} each call returns settles its delivery. Invalid orders are dropped (the queue
 * dead-letters them to {@value DemoMain#DROPPED_QUEUE}); every tenth order meets a "busy warehouse"
 * on its first delivery and is retried (requeued), then acked when it comes back; the rest are
 * acked.
 */
@ApplicationScoped
public class OrderHandler {

  @Inject DemoStats stats;

  @RabbitConsumer(queue = DemoMain.ORDERS_QUEUE, concurrency = 4)
  public Outcome onOrder(Order order, Delivery delivery) {
    if (!order.valid()) {
      stats.dropped();
      return Outcome.drop(); // retrying cannot fix it: basic.reject(requeue=false)
    }
    if (warehouseBusy(order) && !delivery.redelivered()) {
      stats.retried();
      return Outcome.retry(); // a transient problem: basic.reject(requeue=true)
    }
    try {
      fulfil(order);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Outcome.retry(); // not fulfilled: give it back to the queue for another attempt
    }
    stats.acked();
    return Outcome.ack();
  }

  /** Pretends to fulfil the order: a few milliseconds of work, so the progress is visible. */
  private static void fulfil(Order order) throws InterruptedException {
    Thread.sleep(10 + order.id() % 10);
  }

  /** A stand-in for a transient failure, such as a downstream service that timed out. */
  static boolean warehouseBusy(Order order) {
    return order.id() % 10 == 0;
  }
}
