package dev.warren.ee.observability;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A REST resource that publishes in the server's span for the request, and the consumer of that
 * queue, which records the trace it runs in. Both ids come from {@code Span.current()}: the server
 * made the first, Warren the second from the message's headers.
 */
@Path("traced")
@ApplicationScoped
public class Traced {

  /** The queue (and consumer name). */
  public static final String QUEUE = "ee.traced";

  /** The JAX-RS application, at {@code /obs}. */
  @ApplicationPath("obs")
  public static class Rest extends Application {}

  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @Inject Publisher publisher;

  /** Publishes the current trace id and answers with it once the broker confirmed. */
  @POST
  public String publish() throws Exception {
    String trace = Span.current().getSpanContext().getTraceId();
    publisher.publish("", QUEUE, trace).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return trace;
  }

  /** What the consumer saw: {@code <trace id in the body>=<trace id it ran in>}, one per line. */
  @GET
  @Path("seen")
  public String seen() {
    return String.join("\n", SEEN);
  }

  @RabbitConsumer(queue = QUEUE)
  public Outcome consume(String publishedIn) {
    SEEN.add(publishedIn + "=" + Span.current().getSpanContext().getTraceId());
    return Outcome.ack();
  }
}
