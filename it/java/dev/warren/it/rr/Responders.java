package dev.warren.it.rr;

import dev.warren.Delivery;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Responders for the request/reply tests: a consumer method's return value is its reply. */
@ApplicationScoped
public class Responders {

  static final String ECHO = "warren.it.rr.echo";
  static final String QUOTES = "warren.it.rr.quotes";
  static final String LATER = "warren.it.rr.later";

  /** A JSON request. */
  public record QuoteRequest(String item, int quantity) {}

  /** A JSON reply. */
  public record Quote(String item, int quantity, long cents, String correlationId) {}

  @RabbitConsumer(queue = ECHO, concurrency = 4)
  public String echo(String body) {
    return "echo:" + body;
  }

  @RabbitConsumer(queue = QUOTES)
  public Quote quote(QuoteRequest request, Delivery delivery) {
    return new Quote(
        request.item(),
        request.quantity(),
        request.quantity() * 250L,
        delivery.correlationId().orElse(null));
  }

  @RabbitConsumer(queue = LATER)
  public CompletionStage<byte[]> later(byte[] body) {
    return CompletableFuture.supplyAsync(
        () -> new StringBuilder(new String(body)).reverse().toString().getBytes());
  }
}
