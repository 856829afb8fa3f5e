package dev.warren.internal.codec;

import dev.warren.Delivery;
import dev.warren.spi.Codec;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/**
 * Warren's default codec: JSON-B, used when the application has no {@link Codec} bean. Created at
 * deployment only when some consumer needs it; thread-safe.
 */
public final class JsonbCodec implements Codec {

  private final Jsonb jsonb;

  /**
   * @throws jakarta.json.bind.JsonbException when no JSON-B implementation is available
   */
  public JsonbCodec() {
    this.jsonb = JsonbBuilder.create();
  }

  @Override
  public Object decode(byte[] body, Type type, Delivery delivery) {
    return jsonb.fromJson(new ByteArrayInputStream(body), type);
  }

  @Override
  public byte[] encode(Object value) {
    return jsonb.toJson(value).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String contentType() {
    return "application/json";
  }
}
