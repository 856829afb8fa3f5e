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

  private PayloadEncoder() {}

  /**
   * Encodes {@code payload}, setting the content type (and encoding) on {@code properties}.
   *
   * @param codec the codec, {@code null} when none is available
   * @throws Exception if the codec cannot encode it, or there is no codec for it
   */
  public static byte[] encode(Object payload, Codec codec, AMQP.BasicProperties.Builder properties)
      throws Exception {
    if (payload instanceof byte[] bytes) {
      properties.contentType("application/octet-stream");
      return bytes;
    }
    if (payload instanceof String text) {
      properties.contentType("text/plain").contentEncoding("UTF-8");
      return text.getBytes(StandardCharsets.UTF_8);
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
