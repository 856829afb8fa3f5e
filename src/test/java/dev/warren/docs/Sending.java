package dev.warren.docs;

import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.Publishes;
import dev.warren.Requester;
import dev.warren.docs.Model.Order;
import dev.warren.docs.Model.OrderCreated;
import dev.warren.docs.Model.Quote;
import dev.warren.docs.Model.QuoteRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.logging.Logger;

/** docs/publishing.md, docs/request-reply.md and docs/asyncapi.md. */
@ApplicationScoped
public class Sending {

  private static final Logger LOG = Logger.getLogger(Sending.class.getName());

  @Inject
  @Publishes(exchange = "events", routingKey = "order.created", payload = OrderCreated.class)
  @Publishes(routingKey = "audit", payload = String.class) // default exchange: queue 'audit'
  Publisher publisher;

  @Inject
  @Publishes(routingKey = "quotes", payload = QuoteRequest.class, reply = Quote.class)
  Requester requester;

  void publish(Order order) {
    publisher
        .publish("", "orders", order) // persistent, mandatory, JSON
        .whenComplete((ok, failure) -> LOG.info("confirmed: " + (failure == null)));

    publisher.publish(
        OutgoingMessage.to("events", "order.created")
            .payload(new OrderCreated(order.id()))
            .header("tenant", "acme")
            .expiration(Duration.ofMinutes(5))
            .build());
  }

  void ask() {
    requester
        .request("", "quotes", new QuoteRequest("bolt", 4), Quote.class, Duration.ofSeconds(5))
        .thenAccept(quote -> LOG.info("quote: " + quote)); // or fails with RequestException
  }

  CompletionStage<List<Quote>> askWithHeaders(QuoteRequest ask) {
    return requester.request(
        OutgoingMessage.to("", "quotes").payload(ask).header("tenant", "acme").build(),
        new TypeLiteral<List<Quote>>() {},
        Duration.ofSeconds(5));
  }
}
