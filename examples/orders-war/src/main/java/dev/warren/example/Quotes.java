package dev.warren.example;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A responder: it answers requests on queue 'quotes' with its return value. */
@ApplicationScoped
public class Quotes {

  /** A request for a price. */
  public record QuoteRequest(String item, int quantity) {}

  /** The answer. */
  public record Quote(String item, int quantity, long cents, int inStock) {}

  @Inject Stock stock;

  @RabbitConsumer(queue = "quotes")
  public Quote quote(QuoteRequest request) {
    return new Quote(
        request.item(), request.quantity(), 250L * request.quantity(), stock.left(request.item()));
  }
}
