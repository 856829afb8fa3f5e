package dev.warren;

import java.util.concurrent.CompletionStage;

/**
 * Publishes messages with publisher confirms. Inject it: {@code @Inject Publisher publisher;}.
 *
 * <p>Every publish returns a stage that completes exactly once:
 *
 * <ul>
 *   <li>normally when the broker acks the message (it has taken responsibility: for a persistent
 *       message to a durable queue, after writing it to disk);
 *   <li>with a {@link PublishException} of reason {@link PublishException.Reason#NACKED} when the
 *       broker nacks it (it refused responsibility; the message may be published again);
 *   <li>{@link PublishException.Reason#UNROUTABLE} when a mandatory message matched no queue (the
 *       broker returned it);
 *   <li>{@link PublishException.Reason#TIMED_OUT} when no confirm arrived within {@code
 *       warren.publisher.confirm-timeout};
 *   <li>{@link PublishException.Reason#OUTCOME_UNKNOWN} when the channel or connection closed while
 *       the message was unconfirmed (it may or may not have been routed);
 *   <li>{@link PublishException.Reason#NOT_SENT} when it could not be encoded or sent at all, or
 *       its exchange does not exist (checked before the first message to each exchange, so that a
 *       missing exchange fails only the messages that name it).
 * </ul>
 *
 * <p>At most {@code warren.publisher.max-in-flight} messages are unconfirmed at once; past that,
 * {@code publish} waits until confirms arrive (backpressure). It is safe to call from many threads.
 */
public interface Publisher {

  /**
   * Publishes {@code payload}, persistent and mandatory. A {@code byte[]} is sent as it is, a
   * {@code String} as UTF-8 text, anything else encoded by the codec (JSON-B by default).
   *
   * @param exchange the exchange; {@code ""} is the default exchange
   * @param routingKey the routing key (for the default exchange: the queue name)
   * @param payload the message body
   * @return completes when the broker confirms the message, see the class comment for failures
   * @throws NullPointerException if an argument is {@code null} (for the payload: {@code
   *     WARREN-140}); nothing is sent
   */
  CompletionStage<Void> publish(String exchange, String routingKey, Object payload);

  /**
   * Publishes {@code message} with its properties, headers and flags.
   *
   * @return completes when the broker confirms the message, see the class comment for failures
   * @throws NullPointerException if {@code message} is {@code null}
   */
  CompletionStage<Void> publish(OutgoingMessage message);
}
