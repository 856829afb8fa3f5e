package dev.warren.it.rr;

import dev.warren.Delivery;
import dev.warren.Header;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Responders for the request/reply tests: a consumer method's return value is its reply. */
@ApplicationScoped
public class Responders {

  static final String ECHO = "warren.it.rr.echo";
  static final String QUOTES = "warren.it.rr.quotes";
  static final String LATER = "warren.it.rr.later";
  static final String QUOTE_LIST = "warren.it.rr.quote-list";

  /** A JSON request. */
  public record QuoteRequest(String item, int quantity) {}

  /** A JSON reply. */
  public record Quote(String item, int quantity, long cents, String correlationId) {}

  /** Two quotes for the request's tenant header; the request's app and message id as the id. */
  @RabbitConsumer(queue = QUOTE_LIST)
  public List<Quote> quotes(
      QuoteRequest request, @Header("tenant") String tenant, Delivery delivery) {
    String from = delivery.appId().orElse("-") + "/" + delivery.messageId().orElse("-");
    return List.of(
        new Quote(tenant + ":" + request.item(), request.quantity(), 100, from),
        new Quote(tenant + ":" + request.item(), request.quantity() * 2, 180, from));
  }

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
