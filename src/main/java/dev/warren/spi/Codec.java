package dev.warren.spi;

import dev.warren.Delivery;
import java.lang.reflect.Type;

/**
 * Turns message bodies into consumer parameters (and values into bodies). Warren's default codec is
 * JSON-B; a CDI bean implementing this interface replaces it. {@code byte[]} and {@code String}
 * payloads never go through the codec.
 */
public interface Codec {

  /**
   * Decodes a message body.
   *
   * @param body the raw body
   * @param type the consumer's payload parameter type
   * @param delivery the delivery being decoded (content type, headers)
   * @return the payload, not {@code null}
   * @throws Exception if the body cannot become {@code type}: the delivery is dropped before the
   *     method runs, whatever this method throws (any {@link Throwable}, a {@link
   *     StackOverflowError} on a deeply nested body included), and the consumer goes on
   */
  Object decode(byte[] body, Type type, Delivery delivery) throws Exception;

  /**
   * Encodes a value as a message body.
   *
   * @param value the value to encode
   * @return the body
   * @throws Exception if the value cannot be encoded
   */
  byte[] encode(Object value) throws Exception;

  /** The content type this codec writes, for example {@code application/json}. */
  String contentType();
}
