package dev.warren.example;

import dev.warren.PublishException;
import dev.warren.Publisher;
import dev.warren.RequestException;
import dev.warren.Requester;
import jakarta.inject.Inject;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /api/orders} publishes an order with a publisher confirm and answers once the broker
 * took responsibility for it; {@code GET /api/quotes/{item}?quantity=4} asks the responder.
 */
@Path("/")
public class OrdersResource {

  /** JAX-RS at {@code /api}. */
  @ApplicationPath("api")
  public static class Api extends Application {}

  @Inject Publisher publisher;
  @Inject Requester requester;

  @POST
  @Path("orders")
  @Consumes(MediaType.APPLICATION_JSON)
  public CompletionStage<Response> order(Order order) {
    return publisher
        .publish("", "orders", order)
        .handle(
            (ok, failure) ->
                failure == null
                    ? Response.accepted().build()
                    : Response.status(Response.Status.SERVICE_UNAVAILABLE)
                        .entity(reason(failure))
                        .build());
  }

  @GET
  @Path("quotes/{item}")
  @Produces(MediaType.APPLICATION_JSON)
  public CompletionStage<Response> quote(
      @PathParam("item") String item, @QueryParam("quantity") int quantity) {
    return requester
        .request(
            "",
            "quotes",
            new Quotes.QuoteRequest(item, quantity),
            Quotes.Quote.class,
            Duration.ofSeconds(5))
        .handle(
            (quote, failure) ->
                failure == null
                    ? Response.ok(quote).build()
                    : Response.status(Response.Status.GATEWAY_TIMEOUT)
                        .entity(reason(failure))
                        .build());
  }

  private static String reason(Throwable failure) {
    Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
    if (cause instanceof PublishException p) {
      return p.reason() + ": " + p.getMessage();
    }
    if (cause instanceof RequestException r) {
      return r.reason() + ": " + r.getMessage();
    }
    return cause.toString();
  }
}
