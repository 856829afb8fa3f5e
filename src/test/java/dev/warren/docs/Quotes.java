package dev.warren.docs;

import dev.warren.RabbitConsumer;
import dev.warren.docs.Model.Prices;
import dev.warren.docs.Model.Quote;
import dev.warren.docs.Model.QuoteRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** docs/request-reply.md: a responder. */
@ApplicationScoped
public class Quotes {

  @Inject Prices prices;

  @RabbitConsumer(queue = "quotes")
  public Quote quote(QuoteRequest request) {
    return prices.quote(request);
  }
}
