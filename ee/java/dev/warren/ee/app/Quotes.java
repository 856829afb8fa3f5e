package dev.warren.ee.app;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** A responder: its return value is the reply. */
@ApplicationScoped
public class Quotes {

  public static final String QUEUE = "ee.quotes";

  /** A request for a price. */
  public record QuoteRequest(String item, int quantity) {}

  /** The price. */
  public record Quote(String item, long cents) {}

  @RabbitConsumer(queue = QUEUE)
  public Quote quote(QuoteRequest request) {
    return new Quote(request.item(), 250L * request.quantity());
  }
}
