package dev.warren.internal.outbox;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.LongString;
import com.rabbitmq.client.impl.ValueReader;
import com.rabbitmq.client.impl.ValueWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message's properties as the outbox table's {@code properties} column holds them: one AMQP 0-9-1
 * field table (the encoding of headers on the wire, written and read by the RabbitMQ client's own
 * {@code ValueWriter} and {@code ValueReader}) whose keys are the property names ({@code
 * content-type}, {@code headers}, {@code delivery-mode}, ...), only those that are set. The message
 * id has a column of its own and is not in it. Pure functions.
 */
final class Properties {

  private static final String CONTENT_TYPE = "content-type";
  private static final String CONTENT_ENCODING = "content-encoding";
  private static final String HEADERS = "headers";
  private static final String DELIVERY_MODE = "delivery-mode";
  private static final String PRIORITY = "priority";
  private static final String CORRELATION_ID = "correlation-id";
  private static final String REPLY_TO = "reply-to";
  private static final String EXPIRATION = "expiration";
  private static final String TIMESTAMP = "timestamp";
  private static final String TYPE = "type";
  private static final String USER_ID = "user-id";
  private static final String APP_ID = "app-id";
  private static final String CLUSTER_ID = "cluster-id";

  private Properties() {}

  /** The column's bytes for {@code properties} (its message id left out). */
  static byte[] write(AMQP.BasicProperties properties) {
    Map<String, Object> table = new LinkedHashMap<>();
    put(table, CONTENT_TYPE, properties.getContentType());
    put(table, CONTENT_ENCODING, properties.getContentEncoding());
    put(table, HEADERS, properties.getHeaders());
    put(table, DELIVERY_MODE, properties.getDeliveryMode());
    put(table, PRIORITY, properties.getPriority());
    put(table, CORRELATION_ID, properties.getCorrelationId());
    put(table, REPLY_TO, properties.getReplyTo());
    put(table, EXPIRATION, properties.getExpiration());
    put(table, TIMESTAMP, properties.getTimestamp());
    put(table, TYPE, properties.getType());
    put(table, USER_ID, properties.getUserId());
    put(table, APP_ID, properties.getAppId());
    put(table, CLUSTER_ID, properties.getClusterId());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      new ValueWriter(out).writeTable(table);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  private static void put(Map<String, Object> table, String name, Object value) {
    if (value != null) {
      table.put(name, value);
    }
  }

  /**
   * The properties {@code column} holds, with {@code messageId}.
   *
   * @throws IllegalArgumentException when the bytes are not a field table
   */
  static AMQP.BasicProperties read(byte[] column, String messageId) {
    Map<String, Object> table;
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(column))) {
      table = new ValueReader(in).readTable();
    } catch (IOException e) {
      throw new IllegalArgumentException("not an AMQP field table: " + e, e);
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> headers = (Map<String, Object>) table.get(HEADERS);
    return new AMQP.BasicProperties.Builder()
        .messageId(messageId)
        .contentType(text(table, CONTENT_TYPE))
        .contentEncoding(text(table, CONTENT_ENCODING))
        .headers(headers)
        .deliveryMode(number(table, DELIVERY_MODE))
        .priority(number(table, PRIORITY))
        .correlationId(text(table, CORRELATION_ID))
        .replyTo(text(table, REPLY_TO))
        .expiration(text(table, EXPIRATION))
        .timestamp((Date) table.get(TIMESTAMP))
        .type(text(table, TYPE))
        .userId(text(table, USER_ID))
        .appId(text(table, APP_ID))
        .clusterId(text(table, CLUSTER_ID))
        .build();
  }

  /** A text property: the reader gives back every string as a {@link LongString}. */
  private static String text(Map<String, Object> table, String name) {
    Object value = table.get(name);
    return value == null ? null : value.toString();
  }

  private static Integer number(Map<String, Object> table, String name) {
    Object value = table.get(name);
    return value == null ? null : ((Number) value).intValue();
  }
}
