package dev.warren.internal.codec;

import dev.warren.Delivery;
import dev.warren.spi.Codec;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;

/** Turns a body into one consumer's payload parameter; chosen once per consumer at deployment. */
public abstract sealed class PayloadDecoder {

  /** Decodes {@code delivery}'s body. */
  public abstract Object decode(Delivery delivery) throws Exception;

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
    public Object decode(Delivery delivery) {
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
    public Object decode(Delivery delivery) {
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
    public Object decode(Delivery delivery) throws Exception {
      Object value = codec.decode(delivery.body(), type, delivery);
      if (value == null) {
        throw new IllegalArgumentException("the body decoded to null");
      }
      return value;
    }
  }
}
