package dev.warren;

import jakarta.enterprise.util.TypeLiteral;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * Sends requests and completes with their replies, over RabbitMQ's direct reply-to. Inject it:
 * {@code @Inject Requester requester;}. The responder is any {@link RabbitConsumer} method that
 * returns a value other than an outcome.
 *
 * <p>Warren keeps one channel for requests. Before the first request it starts a no-ack consumer on
 * the pseudo-queue {@code amq.rabbitmq.reply-to} on that channel (the broker refuses a reply
 * consumer that acknowledges); every request is published on the same channel with {@code
 * reply_to=amq.rabbitmq.reply-to} and a unique {@code correlation_id}, and each reply is matched to
 * its request by that id. Replies need no settlement.
 *
 * <p>A request is transient ({@code delivery_mode=1}), mandatory, and carries the timeout as its
 * per-message TTL ({@code expiration}), so that a request nobody took in time is not answered to a
 * requester that has given up. The stage completes exactly once:
 *
 * <ul>
 *   <li>with the reply, decoded into the reply type: {@code byte[]} as it is, {@code String} as
 *       UTF-8 (or the reply's content encoding), anything else by the codec (JSON-B by default);
 *   <li>with a {@link RequestException} of reason {@link RequestException.Reason#TIMED_OUT} when no
 *       reply arrived within the timeout (a late reply is ignored);
 *   <li>{@link RequestException.Reason#UNROUTABLE} when no queue matched the request (the broker
 *       returned it);
 *   <li>{@link RequestException.Reason#CHANNEL_CLOSED} when the request channel closed while it
 *       waited, for example because the connection was lost or another request named a missing
 *       exchange (the broker closes the channel with 404 NOT_FOUND): every waiting request fails at
 *       once, and the next request opens a new channel;
 *   <li>{@link RequestException.Reason#NOT_SENT} when it could not be encoded or sent at all;
 *   <li>{@link RequestException.Reason#UNDECODABLE_REPLY} when the reply could not be decoded into
 *       the reply type.
 * </ul>
 *
 * <p>It is safe to call from many threads. Stages complete on Warren's own threads: do not block in
 * their callbacks.
 */
public interface Requester {

  /**
   * Publishes {@code payload} as a request and completes with the reply.
   *
   * @param exchange the exchange; {@code ""} is the default exchange
   * @param routingKey the routing key (for the default exchange: the responder's queue)
   * @param payload the request body: {@code byte[]} as it is, {@code String} as UTF-8, anything
   *     else encoded by the codec
   * @param replyType what the reply is decoded into
   * @param timeout how long to wait for the reply; also the request's per-message TTL
   * @param <R> the reply type
   * @return completes with the decoded reply, see the class comment for failures
   * @throws NullPointerException if an argument is {@code null}
   * @throws IllegalArgumentException if {@code timeout} is zero or negative
   */
  default <R> CompletionStage<R> request(
      String exchange, String routingKey, Object payload, Class<R> replyType, Duration timeout) {
    return request(message(exchange, routingKey, payload), (Type) replyType, timeout);
  }

  /**
   * Publishes {@code payload} as a request and completes with the reply, decoded into a generic
   * type: {@code request("", "quotes", ask, new TypeLiteral<List<Quote>>() {}, timeout)}.
   *
   * @param replyType what the reply is decoded into ({@link TypeLiteral} is CDI's)
   * @see #request(String, String, Object, Class, Duration)
   */
  default <R> CompletionStage<R> request(
      String exchange,
      String routingKey,
      Object payload,
      TypeLiteral<R> replyType,
      Duration timeout) {
    return request(message(exchange, routingKey, payload), replyType.getType(), timeout);
  }

  /**
   * Publishes {@code request} (its exchange, routing key, payload, headers and properties) and
   * completes with the reply. Its content type and encoding, message id, priority, timestamp, type
   * and application id go with it; a request is always transient and mandatory, whatever {@code
   * request} says, and its reply-to, correlation id and per-message TTL are Warren's.
   *
   * @throws IllegalArgumentException if {@code request} sets a reply-to address, a correlation id
   *     or an expiration, or {@code timeout} is zero or negative
   * @see #request(String, String, Object, Class, Duration)
   */
  default <R> CompletionStage<R> request(
      OutgoingMessage request, Class<R> replyType, Duration timeout) {
    return request(request, (Type) replyType, timeout);
  }

  /**
   * Publishes {@code request} and completes with the reply, decoded into a generic type.
   *
   * @see #request(OutgoingMessage, Class, Duration)
   */
  default <R> CompletionStage<R> request(
      OutgoingMessage request, TypeLiteral<R> replyType, Duration timeout) {
    return request(request, replyType.getType(), timeout);
  }

  /**
   * Publishes {@code request} and completes with the reply, decoded into {@code replyType}; the
   * caller answers for {@code R} matching it (the other variants check that at compile time).
   *
   * @see #request(OutgoingMessage, Class, Duration)
   */
  <R> CompletionStage<R> request(OutgoingMessage request, Type replyType, Duration timeout);

  private static OutgoingMessage message(String exchange, String routingKey, Object payload) {
    return OutgoingMessage.to(exchange, routingKey)
        .payload(Objects.requireNonNull(payload, "payload"))
        .build();
  }
}
