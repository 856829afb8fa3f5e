package dev.warren;

import com.rabbitmq.client.AMQP;
import java.util.Map;

/**
 * Read-only metadata of the delivery being handled. Declare it as a second parameter of a {@link
 * RabbitConsumer} method to receive it. It cannot settle the delivery: only the method's outcome
 * does.
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

  /** The message properties as published. */
  AMQP.BasicProperties properties();

  /** The message headers, never {@code null}; unmodifiable. */
  Map<String, Object> headers();

  /**
   * The attempt number of this delivery; the first delivery is attempt 1. On a classic queue it is
   * {@code 1 + x-warren-retry-count}; on a quorum queue {@code 1 + x-delivery-count} (plus the
   * retry-count header when the message is a delayed copy).
   */
  int attempt();

  /** The raw message body. */
  byte[] body();
}
