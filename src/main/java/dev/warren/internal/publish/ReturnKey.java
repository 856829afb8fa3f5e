package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Return;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a {@code basic.return} tells of the message it returns, as a key: exchange, routing key,
 * message id, correlation id and body. Two keys are equal when all of these are; the hash reads at
 * most the body's first {@value #HASHED_BYTES} bytes and its last 8, eight at a time, so that
 * keeping a key costs little more than a map entry.
 */
final class ReturnKey {

  static final int HASHED_BYTES = 2048;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final String exchange;
  private final String routingKey;
  private final String messageId;
  private final String correlationId;
  private final byte[] body;
  private final int hash;

  private ReturnKey(
      String exchange, String routingKey, AMQP.BasicProperties properties, byte[] body) {
    this.exchange = exchange;
    this.routingKey = routingKey;
    this.messageId = properties == null ? null : properties.getMessageId();
    this.correlationId = properties == null ? null : properties.getCorrelationId();
    this.body = body;
    this.hash =
        31 * (31 * (31 * exchange.hashCode() + routingKey.hashCode()) + Objects.hashCode(messageId))
            + bodyHash(body);
  }

  /** The key of a message about to be published. */
  static ReturnKey of(
      String exchange, String routingKey, AMQP.BasicProperties properties, byte[] body) {
    return new ReturnKey(exchange, routingKey, properties, body);
  }

  /** The key of the message a {@code basic.return} carries. */
  static ReturnKey of(Return returned) {
    return new ReturnKey(
        returned.getExchange(),
        returned.getRoutingKey(),
        returned.getProperties(),
        returned.getBody());
  }

  private static int bodyHash(byte[] body) {
    long h = body.length;
    int hashed = Math.min(body.length, HASHED_BYTES) & ~7;
    for (int i = 0; i < hashed; i += 8) {
      h = h * 0x9E3779B97F4A7C15L + (long) LONGS.get(body, i);
    }
    for (int i = hashed; i < Math.min(body.length, hashed + 8); i++) {
      h = h * 31 + body[i];
    }
    if (body.length >= 8 && body.length > HASHED_BYTES) {
      h = h * 0x9E3779B97F4A7C15L + (long) LONGS.get(body, body.length - 8);
    }
    return (int) (h ^ (h >>> 32));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ReturnKey key
        && hash == key.hash
        && exchange.equals(key.exchange)
        && routingKey.equals(key.routingKey)
        && Objects.equals(messageId, key.messageId)
        && Objects.equals(correlationId, key.correlationId)
        && Arrays.equals(body, key.body);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
