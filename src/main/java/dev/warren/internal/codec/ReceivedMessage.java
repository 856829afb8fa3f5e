package dev.warren.internal.codec;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.Delivery;
import java.util.Collections;
import java.util.Map;

/**
 * The parts of a {@link Delivery} every received message has: envelope, properties, headers and
 * body. Consumer deliveries and request replies add who received it and which attempt it is.
 */
public abstract class ReceivedMessage implements Delivery {

  private final Envelope envelope;
  private final AMQP.BasicProperties properties;
  private final Map<String, Object> headers;
  private final byte[] body;

  protected ReceivedMessage(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    this.envelope = envelope;
    this.properties = properties;
    this.headers =
        properties.getHeaders() == null
            ? Map.of()
            : Collections.unmodifiableMap(properties.getHeaders());
    this.body = body;
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
    return headers;
  }

  @Override
  public byte[] body() {
    return body;
  }
}
