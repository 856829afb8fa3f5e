package dev.warren.internal.runtime;

import com.rabbitmq.client.AMQP;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.Reply;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.logging.RateLimit;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.logging.Logger;

/**
 * Sends a responder's reply (SPEC section 8) and says how to settle the request afterwards: the
 * reply goes to the default exchange with the request's {@code reply_to} as routing key and its
 * {@code correlation_id}; once the broker has confirmed it, the request is acked. If the reply
 * could not be published, the request is retried ({@code Outcome.retry()}, so attempt caps count
 * it). A request without {@code reply_to} is acked with a warning.
 *
 * <p>Replies are transient and <b>not</b> mandatory, published with a confirm on the request's own
 * channel (as retry copies are), where hand-written responders publish them too. Measured on
 * RabbitMQ 3.10.8: a mandatory publish to a direct reply-to address is returned (312 NO_ROUTE) even
 * when the reply is delivered, and confirms ack a reply whether or not its requester still exists.
 * So neither says whether the requester got it; the confirm says that the channel did not die with
 * the reply in flight, and an unroutable reply is not a reason to handle the request again: its
 * requester is gone. One per responder consumer; thread-safe.
 */
final class ReplySender {

  /** Publishes a request's reply with a confirm. */
  @FunctionalInterface
  interface Route {
    /**
     * @return the reply's confirmation, or {@code null} if the channel closed before it was sent
     */
    CompletableFuture<Void> publish(
        Delivery request, String replyTo, AMQP.BasicProperties properties, byte[] body)
        throws IOException, InterruptedException;
  }

  private static final Logger LOG = Logger.getLogger(ReplySender.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);

  private final String consumer;
  private final String queue;
  private final Route route;
  private final RateLimit noReplyToWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit failureWarnings = new RateLimit(WARNING_INTERVAL);

  /**
   * @param consumer the responder's consumer name, for messages
   * @param queue its queue, for messages
   * @param route publishes the replies with confirms
   */
  ReplySender(String consumer, String queue, Route route) {
    this.consumer = consumer;
    this.queue = queue;
    this.route = route;
  }

  /**
   * Publishes {@code handled}'s reply to {@code request}'s {@code reply_to}.
   *
   * @return how to settle the request: as handled once the reply is confirmed, retry if it failed
   */
  CompletionStage<Handled> send(Delivery request, Handled handled) {
    Reply reply = handled.reply();
    AMQP.BasicProperties asked = request.rawProperties(); // not its Optionals: one per reply each
    String replyTo = asked.getReplyTo();
    if (replyTo == null || replyTo.isBlank()) {
      if (noReplyToWarnings.allow()) {
        LOG.warning(Messages.noReplyTo(consumer, queue, request.deliveryTag()));
      }
      return CompletableFuture.completedFuture(new Handled(handled.outcome(), null));
    }
    CompletableFuture<Void> published;
    try {
      AMQP.BasicProperties.Builder properties =
          new AMQP.BasicProperties.Builder()
              .correlationId(asked.getCorrelationId())
              .deliveryMode(1);
      // a String or byte[]: the reply was encoded when the handler returned
      byte[] body = PayloadEncoder.encode(reply.payload(), null, properties);
      if (reply.contentType() != null) {
        properties.contentType(reply.contentType());
      }
      published = route.publish(request, replyTo, properties.build(), body);
      if (published == null) {
        published =
            CompletableFuture.failedFuture(
                new IOException("the request's channel closed before the reply was sent"));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      published = CompletableFuture.failedFuture(e);
    } catch (Exception e) {
      published = CompletableFuture.failedFuture(e);
    }
    return published.handle(
        (ok, failure) -> {
          if (failure == null) {
            return new Handled(handled.outcome(), null);
          }
          Throwable cause =
              failure instanceof CompletionException && failure.getCause() != null
                  ? failure.getCause()
                  : failure;
          if (failureWarnings.allow()) {
            LOG.warning(
                Messages.replyFailed(consumer, request.deliveryTag(), replyTo, cause.toString()));
          }
          return new Handled(Outcome.retry(), cause);
        });
  }
}
