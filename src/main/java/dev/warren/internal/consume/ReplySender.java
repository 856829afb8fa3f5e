package dev.warren.internal.consume;

import com.rabbitmq.client.AMQP;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.Reply;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.logging.ReplyMessages;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import java.util.logging.Logger;

/**
 * Sends a responder's reply (SPEC section 8) and says how to settle the request afterwards: the
 * reply goes to the default exchange with the request's {@code reply_to} as routing key and its
 * {@code correlation_id}; once the broker has confirmed it, the request is acked. If the reply
 * could not be published, the request is retried ({@code Outcome.retry()}, so attempt caps count
 * it). A request without {@code reply_to} is acked with a warning.
 *
 * <p>Replies are transient and <b>not</b> mandatory, published with a confirm on the request's own
 * channel (as retry copies are), where hand-written responders publish them too. No version tells a
 * responder whether its requester got the reply ({@code
 * BrokerVersion.directReplyToReturnsNothing}): before RabbitMQ 4.2 a mandatory reply to a direct
 * reply-to address is returned (312 NO_ROUTE) even when it is delivered; from 4.2 a reply to a
 * requester that is gone is acked and dropped without a return; confirms ack a reply either way. So
 * Warren waits for no return and says nothing about a gone requester: the confirm says that the
 * channel did not die with the reply in flight, and a reply nobody gets is not a reason to handle
 * the request again. One per responder consumer; thread-safe.
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
  private final BiConsumer<Delivery, Handled> then;
  private final RateLimit noReplyToWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit failureWarnings = new RateLimit(WARNING_INTERVAL);

  /**
   * @param consumer the responder's consumer name, for messages
   * @param queue its queue, for messages
   * @param route publishes the replies with confirms
   * @param then settles a request as told, once its reply went or could not: where the reply's
   *     confirmation completed (the connection's I/O thread, for a confirm), or at once
   */
  ReplySender(String consumer, String queue, Route route, BiConsumer<Delivery, Handled> then) {
    this.consumer = consumer;
    this.queue = queue;
    this.route = route;
    this.then = then;
  }

  /**
   * Publishes {@code handled}'s reply to {@code request}'s {@code reply_to}, then has {@code then}
   * settle the request: as handled once the reply is confirmed, as a retry if it failed.
   */
  void send(Delivery request, Handled handled) {
    AMQP.BasicProperties asked = request.rawProperties(); // not its Optionals: one per reply each
    String replyTo = asked.getReplyTo();
    if (replyTo == null || replyTo.isBlank()) {
      if (noReplyToWarnings.allow()) {
        ReplyMessages.noReplyTo(LOG, consumer, queue, request.deliveryTag());
      }
      then.accept(request, new Handled(handled.outcome(), null));
      return;
    }
    CompletableFuture<Void> published;
    try {
      Reply reply = handled.reply();
      published = route.publish(request, replyTo, properties(reply, asked), body(reply));
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
    published.whenComplete(new Sent(request, handled, replyTo));
  }

  /**
   * A reply's properties: transient, with the request's correlation id, and the content type (and
   * encoding) of its payload, which the handler's return encoded already as text or bytes; made
   * with the constructor, not a builder per reply.
   */
  private static AMQP.BasicProperties properties(Reply reply, AMQP.BasicProperties asked) {
    AMQP.BasicProperties plain = PayloadEncoder.plain(reply.payload(), false);
    if (plain == null) {
      throw new IllegalStateException("the reply was not encoded: " + reply.payload().getClass());
    }
    return new AMQP.BasicProperties(
        reply.contentType() != null ? reply.contentType() : plain.getContentType(),
        plain.getContentEncoding(),
        null,
        1,
        null,
        asked.getCorrelationId(),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static byte[] body(Reply reply) {
    return PayloadEncoder.plainBody(reply.payload());
  }

  /** One reply on its way: when its confirmation completes, the request is settled as it went. */
  private final class Sent implements BiConsumer<Void, Throwable> {
    private final Delivery request;
    private final Handled handled;
    private final String replyTo;

    Sent(Delivery request, Handled handled, String replyTo) {
      this.request = request;
      this.handled = handled;
      this.replyTo = replyTo;
    }

    @Override
    public void accept(Void ok, Throwable failure) {
      if (failure == null) {
        then.accept(request, new Handled(handled.outcome(), null));
        return;
      }
      Throwable cause =
          failure instanceof CompletionException && failure.getCause() != null
              ? failure.getCause()
              : failure;
      if (failureWarnings.allow()) {
        ReplyMessages.replyFailed(LOG, consumer, request.deliveryTag(), replyTo, cause.toString());
      }
      then.accept(request, new Handled(Outcome.retry(), cause));
    }
  }
}
