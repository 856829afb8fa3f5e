package dev.warren.internal.invocation;

import dev.warren.spi.Codec;

/**
 * A responder's reply, ready to publish: a {@code String} (sent as UTF-8 text) or the body bytes
 * with their content type. Encoded by the invoker, so that a value the codec cannot encode is a
 * failure of the handler (mapped like an exception), not of the publish.
 *
 * @param payload a {@code String} or {@code byte[]}
 * @param contentType the content type for encoded bytes, or {@code null} for the default of the
 *     payload's kind
 */
public record Reply(Object payload, String contentType) {

  /**
   * Encodes {@code value}: {@code String} and {@code byte[]} as they are, anything else by the
   * codec.
   *
   * @throws IllegalStateException if {@code value} is {@code null} or needs a codec and there is
   *     none
   * @throws Exception if the codec fails
   */
  public static Reply of(Object value, Codec codec) throws Exception {
    if (value == null) {
      throw new IllegalStateException("the responder returned no reply (null)");
    }
    if (value instanceof String || value instanceof byte[]) {
      return new Reply(value, null);
    }
    if (codec == null) {
      throw new IllegalStateException(
          "no codec to encode the reply: add a JSON-B implementation or a dev.warren.spi.Codec"
              + " bean");
    }
    return new Reply(codec.encode(value), codec.contentType());
  }
}
