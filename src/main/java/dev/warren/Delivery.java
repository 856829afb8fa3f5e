package dev.warren;

import com.rabbitmq.client.AMQP;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Read-only metadata of the delivery being handled. Declare it as a parameter of a {@link
 * RabbitConsumer} method to receive it (or take single headers with {@link Header}). It cannot
 * settle the delivery: only the method's outcome does.
 *
 * <p>Headers and properties come as plain Java types: a header the sender wrote as an AMQP string
 * is a {@code String} (never the client's {@code LongString}), an integer of any width an {@code
 * Integer} or a {@code Long}, a table a {@code Map<String, Object>}, an array a {@code
 * List<Object>}, a timestamp a {@link java.util.Date}, a byte array a {@code byte[]}, and {@code
 * Boolean}, {@code Float}, {@code Double} and {@code BigDecimal} as they are. {@link
 * #rawProperties()} is the RabbitMQ Java client's own view, unconverted.
 */
public interface Delivery {

  /** The consumer's name (see {@link RabbitConsumer#name()}). */
  String consumerName();

  /** The queue the delivery came from. */
  String queue();

  /** The exchange the message was published to ({@code ""} for the default exchange). */
  String exchange();

  /** The routing key the message was published with. */
  String routingKey();

  /** Whether the broker delivered this message before ({@code redelivered} flag). */
  boolean redelivered();

  /** The delivery tag on the consumer's channel. */
  long deliveryTag();

  /**
   * The message headers as plain Java types (see the class comment), never {@code null};
   * unmodifiable.
   */
  Map<String, Object> headers();

  /**
   * One header as {@code type}. Integers convert to any integer type that holds the value ({@code
   * Integer}, {@code Long}, {@code Short}, {@code Byte}; a primitive class means its wrapper), any
   * number to {@code Double}, a timestamp to {@link Instant}; every other value must be an instance
   * of {@code type}.
   *
   * @param name the header's name
   * @param type what to read it as
   * @param <T> the type
   * @return the value, or empty when the message has no such header (or it is void)
   * @throws IllegalArgumentException if the header is there but is not a {@code type} (the message
   *     says what it is, {@code WARREN-210})
   */
  <T> Optional<T> header(String name, Class<T> type);

  /** The {@code message_id} property. */
  Optional<String> messageId();

  /** The {@code correlation_id} property. */
  Optional<String> correlationId();

  /** The {@code content_type} property, e.g. {@code application/json}. */
  Optional<String> contentType();

  /** The {@code content_encoding} property, e.g. {@code UTF-8}. */
  Optional<String> contentEncoding();

  /** The {@code timestamp} property (AMQP timestamps have whole seconds). */
  Optional<Instant> timestamp();

  /** The {@code app_id} property. */
  Optional<String> appId();

  /** The {@code type} property (the message's type name, free text). */
  Optional<String> type();

  /** The {@code user_id} property (the broker checks it against the publishing user). */
  Optional<String> userId();

  /** The {@code reply_to} property: where a reply goes. */
  Optional<String> replyTo();

  /** The {@code priority} property. */
  Optional<Integer> priority();

  /** The {@code expiration} property: the per-message TTL in milliseconds, as text. */
  Optional<String> expiration();

  /** Whether the message was published persistent ({@code delivery_mode=2}). */
  boolean persistent();

  /**
   * What the broker wrote into the {@code x-death} header each time it dead-lettered this message
   * (most recent first; empty when it never was).
   */
  List<Death> deaths();

  /**
   * The attempt number of this delivery; the first delivery is attempt 1. On a classic queue it is
   * {@code 1 + x-warren-retry-count}; on a quorum queue {@code 1 + x-delivery-count} (plus the
   * retry-count header when the message is a delayed copy). The broker sends no {@code
   * x-delivery-count} on a first delivery (RabbitMQ 3.10's {@code basic.get} sends 0): both are
   * attempt 1 on every version.
   */
  int attempt();

  /** The raw message body. */
  byte[] body();

  /**
   * The message properties as the RabbitMQ Java client (amqp-client 5) gives them: headers with the
   * client's own types ({@code LongString} for strings, {@code Byte}/{@code Short}/{@code Integer}/
   * {@code Long} as sent). Code that uses it depends on the client's API.
   */
  AMQP.BasicProperties rawProperties();

  /**
   * One entry of the {@code x-death} header: the broker dead-lettered the message from {@code
   * queue} for {@code reason}, {@code count} times.
   *
   * @param queue the queue the message was dead-lettered from
   * @param reason {@code rejected}, {@code expired}, {@code maxlen} or {@code delivery_limit}
   * @param count how many times (RabbitMQ 4 counts differently for wait queues; see
   *     docs/rabbitmq-versions.md)
   * @param exchange the exchange the message had been published to
   * @param routingKeys its routing keys
   * @param time when it was dead-lettered the first time for this queue and reason, or {@code null}
   */
  record Death(
      String queue,
      String reason,
      long count,
      String exchange,
      List<String> routingKeys,
      Instant time) {}
}
