package dev.warren.internal.codec;

import dev.warren.Delivery;
import dev.warren.spi.Codec;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Turns a body into one consumer's payload parameter; chosen once per consumer at deployment. */
public abstract sealed class PayloadDecoder {

  /**
   * The only header of a message whose headers the RabbitMQ Java client cannot read (for example
   * tables nested more than 32 levels deep, which the broker accepts): Warren's frame guard took
   * its header table off before the client read it, so that the connection stays open, and put this
   * one in, saying why. Such a message fails decoding: a consumer drops it ({@code basic.reject
   * requeue=false}, so the broker dead-letters its own, untouched copy when the queue has a
   * dead-letter exchange), a reply fails its request.
   */
  public static final String UNREADABLE_HEADER = "x-warren-unreadable";

  /**
   * Decodes {@code delivery}'s body.
   *
   * @throws IllegalArgumentException when the body cannot become the type, or the client could not
   *     read the message's headers
   */
  public final Object decode(Delivery delivery) throws Exception {
    Map<String, Object> headers =
        delivery.rawProperties() == null ? null : delivery.rawProperties().getHeaders();
    if (headers != null && headers.size() == 1 && headers.containsKey(UNREADABLE_HEADER)) {
      throw new IllegalArgumentException(
          "the RabbitMQ Java client cannot read its headers: "
              + headers.get(UNREADABLE_HEADER)
              + "; Warren took them off before the client read them, so that the connection stays"
              + " open (the broker's copy keeps them: a drop dead-letters it unchanged when the"
              + " queue has a dead-letter exchange, else it is discarded)");
    }
    return body(delivery);
  }

  /** Decodes {@code delivery}'s body. */
  abstract Object body(Delivery delivery) throws Exception;

  /** Whether this decoder needs a {@link Codec}. */
  public static boolean needsCodec(Type payloadType) {
    return payloadType != byte[].class && payloadType != String.class;
  }

  /** The decoder for {@code payloadType}; {@code codec} is used only for other types. */
  public static PayloadDecoder of(Type payloadType, Codec codec) {
    if (payloadType == byte[].class) {
      return new Bytes();
    }
    if (payloadType == String.class) {
      return new Text();
    }
    return new Decoded(payloadType, codec);
  }

  private static final class Bytes extends PayloadDecoder {
    @Override
    Object body(Delivery delivery) {
      return delivery.body();
    }
  }

  /**
   * UTF-8, or the charset the message's content-encoding names. A content-encoding that names no
   * charset this JVM knows (e.g. {@code gzip}, which Warren does not decompress, or a typo) is a
   * decode failure: decoding it as UTF-8 would hand the handler replacement characters silently.
   */
  private static final class Text extends PayloadDecoder {
    @Override
    Object body(Delivery delivery) {
      return new String(delivery.body(), charset(delivery.contentEncoding().orElse(null)));
    }

    private static Charset charset(String encoding) {
      if (encoding == null || encoding.isBlank()) {
        return StandardCharsets.UTF_8;
      }
      try {
        if (Charset.isSupported(encoding.trim())) {
          return Charset.forName(encoding.trim());
        }
      } catch (IllegalCharsetNameException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          "its content_encoding '"
              + encoding
              + "' names no charset known to this JVM (Warren decodes text in the charset the"
              + " content_encoding names, UTF-8 without one, and decompresses nothing); take the"
              + " payload as byte[] to decode it yourself");
    }
  }

  private static final class Decoded extends PayloadDecoder {
    private final Type type;
    private final Codec codec;

    Decoded(Type type, Codec codec) {
      this.type = type;
      this.codec = codec;
    }

    @Override
    Object body(Delivery delivery) throws Exception {
      Object value = codec.decode(delivery.body(), type, delivery);
      if (value == null) {
        throw new IllegalArgumentException("the body decoded to null");
      }
      return value;
    }
  }
}
