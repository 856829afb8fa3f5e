package dev.warren.internal.runtime;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.Reply;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.logging.RateLimit;
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
 * <p>Replies go through the application's confirmed publisher, transient and <b>not</b> mandatory.
 * Measured on RabbitMQ 3.10.8: a mandatory publish to a direct reply-to address is returned (312
 * NO_ROUTE) even when the reply is delivered, and confirms ack a reply whether or not its requester
 * still exists. So neither says whether the requester got it; the confirm says that the publishing
 * channel did not die with the reply in flight (for example closed by another publish on it), and
 * an unroutable reply is not a reason to handle the request again: its requester is gone. One per
 * responder consumer; thread-safe.
 */
final class ReplySender {

  private static final Logger LOG = Logger.getLogger(ReplySender.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);

  private final String consumer;
  private final String queue;
  private final Publisher publisher;
  private final RateLimit noReplyToWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit failureWarnings = new RateLimit(WARNING_INTERVAL);

  /**
   * @param consumer the responder's consumer name, for messages
   * @param queue its queue, for messages
   * @param publisher publishes the replies with confirms
   */
  ReplySender(String consumer, String queue, Publisher publisher) {
    this.consumer = consumer;
    this.queue = queue;
    this.publisher = publisher;
  }

  /**
   * Publishes {@code handled}'s reply to {@code request}'s {@code reply_to}.
   *
   * @return how to settle the request: as handled once the reply is confirmed, retry if it failed
   */
  CompletionStage<Handled> send(Delivery request, Handled handled) {
    Reply reply = handled.reply();
    String replyTo = request.properties().getReplyTo();
    if (replyTo == null || replyTo.isBlank()) {
      if (noReplyToWarnings.allow()) {
        LOG.warning(Messages.noReplyTo(consumer, queue, request.deliveryTag()));
      }
      return CompletableFuture.completedFuture(new Handled(handled.outcome(), null));
    }
    CompletionStage<Void> published;
    try {
      published =
          publisher.publish(
              OutgoingMessage.to("", replyTo)
                  .payload(reply.payload())
                  .contentType(reply.contentType())
                  .correlationId(request.properties().getCorrelationId())
                  .persistent(false)
                  .mandatory(false)
                  .build());
    } catch (RuntimeException e) {
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
