package dev.warren.internal.reply;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.Delivery;
import java.util.Collections;
import java.util.Map;

/**
 * A reply as the decoders see it: the reply's body, properties and envelope. Replies come with no
 * consumer, queue or attempt of their own.
 */
final class ReplyDelivery implements Delivery {

  private final Envelope envelope;
  private final AMQP.BasicProperties properties;
  private final byte[] body;

  ReplyDelivery(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    this.envelope = envelope;
    this.properties = properties;
    this.body = body;
  }

  @Override
  public String consumerName() {
    return "";
  }

  @Override
  public String queue() {
    return DirectReplyRequester.REPLY_TO;
  }

  @Override
  public String exchange() {
    return envelope.getExchange();
  }

  @Override
  public String routingKey() {
    return envelope.getRoutingKey();
  }

  @Override
  public boolean redelivered() {
    return envelope.isRedeliver();
  }

  @Override
  public long deliveryTag() {
    return envelope.getDeliveryTag();
  }

  @Override
  public AMQP.BasicProperties properties() {
    return properties;
  }

  @Override
  public Map<String, Object> headers() {
    return properties.getHeaders() == null
        ? Map.of()
        : Collections.unmodifiableMap(properties.getHeaders());
  }

  @Override
  public int attempt() {
    return 1;
  }

  @Override
  public byte[] body() {
    return body;
  }
}
