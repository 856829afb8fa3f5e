package dev.warren.internal.telemetry.otel;

import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.HashMap;
import java.util.Map;

/**
 * AMQP headers as the propagators' carrier. The broker hands header values back as {@code
 * LongString}s, read through {@code toString()}; writing copies the headers only when the
 * propagator sets something, so that a message without trace context keeps its map.
 */
final class Headers {

  private Headers() {}

  /** Reads trace context from a received message's headers ({@code null}: none). */
  static final TextMapGetter<Map<String, Object>> GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, Object> carrier) {
          return carrier.keySet();
        }

        @Override
        public String get(Map<String, Object> carrier, String key) {
          if (carrier == null) {
            return null;
          }
          Object value = carrier.get(key);
          return value == null ? null : value.toString();
        }
      };

  /** Collects what a propagator writes into a copy of the original headers. */
  static final class Writer {
    private final Map<String, Object> original;
    private Map<String, Object> written;

    Writer(Map<String, Object> original) {
      this.original = original;
    }

    /** The headers with the trace context, or {@code null} when nothing was written. */
    Map<String, Object> written() {
      return written;
    }

    void put(String key, String value) {
      if (written == null) {
        written = original == null ? new HashMap<>() : new HashMap<>(original);
      }
      written.put(key, value);
    }
  }

  static final TextMapSetter<Writer> SETTER =
      (carrier, key, value) -> {
        if (carrier != null) {
          carrier.put(key, value);
        }
      };
}
