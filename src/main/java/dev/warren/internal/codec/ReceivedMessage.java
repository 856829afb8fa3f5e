package dev.warren.internal.codec;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.Delivery;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of a {@link Delivery} every received message has: envelope, properties, headers and
 * body. Consumer deliveries and request replies add who received it and which attempt it is.
 * Headers are made plain (see {@link Headers}) on first use: settling a delivery needs only the
 * client's own, which copies carry on unchanged.
 */
public abstract class ReceivedMessage implements Delivery {

  private final Envelope envelope;
  private final AMQP.BasicProperties properties;
  private final byte[] body;
  private volatile Map<String, Object> headers;

  protected ReceivedMessage(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    this.envelope = envelope;
    this.properties = properties;
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
  public AMQP.BasicProperties rawProperties() {
    return properties;
  }

  /** The headers as the client read them, never {@code null}. */
  public Map<String, Object> rawHeaders() {
    return properties.getHeaders() == null ? Map.of() : properties.getHeaders();
  }

  @Override
  public Map<String, Object> headers() {
    Map<String, Object> plain = headers;
    if (plain == null) {
      plain = Headers.plain(properties.getHeaders());
      headers = plain;
    }
    return plain;
  }

  @Override
  public <T> Optional<T> header(String name, Class<T> type) {
    return Headers.as(name, headers().get(name), type);
  }

  @Override
  public Optional<String> messageId() {
    return Optional.ofNullable(properties.getMessageId());
  }

  @Override
  public Optional<String> correlationId() {
    return Optional.ofNullable(properties.getCorrelationId());
  }

  @Override
  public Optional<String> contentType() {
    return Optional.ofNullable(properties.getContentType());
  }

  @Override
  public Optional<String> contentEncoding() {
    return Optional.ofNullable(properties.getContentEncoding());
  }

  @Override
  public Optional<Instant> timestamp() {
    return Optional.ofNullable(properties.getTimestamp()).map(java.util.Date::toInstant);
  }

  @Override
  public Optional<String> appId() {
    return Optional.ofNullable(properties.getAppId());
  }

  @Override
  public Optional<String> type() {
    return Optional.ofNullable(properties.getType());
  }

  @Override
  public Optional<String> userId() {
    return Optional.ofNullable(properties.getUserId());
  }

  @Override
  public Optional<String> replyTo() {
    return Optional.ofNullable(properties.getReplyTo());
  }

  @Override
  public Optional<Integer> priority() {
    return Optional.ofNullable(properties.getPriority());
  }

  @Override
  public Optional<String> expiration() {
    return Optional.ofNullable(properties.getExpiration());
  }

  @Override
  public boolean persistent() {
    Integer mode = properties.getDeliveryMode();
    return mode != null && mode == 2;
  }

  @Override
  public List<Death> deaths() {
    return Headers.deaths(headers());
  }

  @Override
  public byte[] body() {
    return body;
  }
}
