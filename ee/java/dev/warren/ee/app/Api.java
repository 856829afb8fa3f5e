package dev.warren.ee.app;

import dev.warren.Publisher;
import dev.warren.Requester;
import jakarta.inject.Inject;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Application;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A JAX-RS resource that publishes with confirms and asks the responder, as applications do. */
@Path("/")
public class Api {

  /** The JAX-RS application, at {@code /api}. */
  @ApplicationPath("api")
  public static class Rest extends Application {}

  @Inject Publisher publisher;
  @Inject Requester requester;

  /** Publishes {@code body} to {@code queue} and answers once the broker confirmed it. */
  @POST
  @Path("publish/{queue}")
  public String publish(@PathParam("queue") String queue, String body) throws Exception {
    publisher.publish("", queue, body).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return "confirmed";
  }

  /** Asks the responder for the price of {@code quantity} of {@code item}. */
  @POST
  @Path("quote/{item}/{quantity}")
  public String quote(@PathParam("item") String item, @PathParam("quantity") int quantity)
      throws Exception {
    Quotes.Quote quote =
        requester
            .request(
                "",
                Quotes.QUEUE,
                new Quotes.QuoteRequest(item, quantity),
                Quotes.Quote.class,
                Duration.ofSeconds(10))
            .toCompletableFuture()
            .get(15, TimeUnit.SECONDS);
    return quote.item() + "=" + quote.cents();
  }
}
