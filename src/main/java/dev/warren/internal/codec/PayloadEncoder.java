package dev.warren.internal.codec;

import com.rabbitmq.client.AMQP;
import dev.warren.OutgoingMessage;
import dev.warren.spi.Codec;
import java.nio.charset.StandardCharsets;
import java.util.Date;

/**
 * Turns an outgoing payload into a body and its content type: {@code byte[]} as it is, {@code
 * String} as UTF-8 text, anything else through the codec. Used by every path that publishes an
 * application's value (publisher, requests, replies).
 */
public final class PayloadEncoder {

  private static final String BYTES = "application/octet-stream";
  private static final String TEXT = "text/plain";
  private static final String UTF_8 = "UTF-8";
  // what a message that sets nothing but its payload carries: the same every time, so made once
  private static final AMQP.BasicProperties BYTES_PERSISTENT = plain(BYTES, null, 2);
  private static final AMQP.BasicProperties BYTES_TRANSIENT = plain(BYTES, null, 1);
  private static final AMQP.BasicProperties TEXT_PERSISTENT = plain(TEXT, UTF_8, 2);
  private static final AMQP.BasicProperties TEXT_TRANSIENT = plain(TEXT, UTF_8, 1);

  private PayloadEncoder() {}

  private static AMQP.BasicProperties plain(String type, String encoding, int deliveryMode) {
    return new AMQP.BasicProperties.Builder()
        .contentType(type)
        .contentEncoding(encoding)
        .deliveryMode(deliveryMode)
        .build();
  }

  /**
   * The properties of a message that sets nothing but its payload and whether it is persistent,
   * when that payload is bytes or text: what {@link #encode} and the delivery mode would set, made
   * once. Its body is {@link #plainBody}.
   *
   * @return {@code null} for a payload the codec encodes
   */
  public static AMQP.BasicProperties plain(Object payload, boolean persistent) {
    if (payload instanceof byte[]) {
      return persistent ? BYTES_PERSISTENT : BYTES_TRANSIENT;
    }
    if (payload instanceof String) {
      return persistent ? TEXT_PERSISTENT : TEXT_TRANSIENT;
    }
    return null;
  }

  /** The body of a {@code byte[]} (as it is) or {@code String} (as UTF-8) payload. */
  public static byte[] plainBody(Object payload) {
    return payload instanceof byte[] bytes
        ? bytes
        : ((String) payload).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Encodes {@code payload}, setting the content type (and encoding) on {@code properties}.
   *
   * @param codec the codec, {@code null} when none is available
   * @throws Exception if the codec cannot encode it, or there is no codec for it
   */
  public static byte[] encode(Object payload, Codec codec, AMQP.BasicProperties.Builder properties)
      throws Exception {
    if (payload instanceof byte[]) {
      properties.contentType(BYTES);
      return plainBody(payload);
    }
    if (payload instanceof String) {
      properties.contentType(TEXT).contentEncoding(UTF_8);
      return plainBody(payload);
    }
    if (codec == null) {
      throw new IllegalStateException(
          "no codec: add a JSON-B implementation or a dev.warren.spi.Codec bean");
    }
    properties.contentType(codec.contentType());
    return codec.encode(payload);
  }

  /**
   * Sets what {@code message} says about its body and origin on {@code properties}, after {@link
   * #encode}: its content type and encoding win over the encoder's; its timestamp, type and
   * application id.
   */
  public static void describe(OutgoingMessage message, AMQP.BasicProperties.Builder properties) {
    if (message.contentType() != null) {
      properties.contentType(message.contentType());
    }
    if (message.contentEncoding() != null) {
      properties.contentEncoding(message.contentEncoding());
    }
    if (message.timestamp() != null) {
      properties.timestamp(Date.from(message.timestamp()));
    }
    properties.type(message.type()).appId(message.appId());
  }
}
