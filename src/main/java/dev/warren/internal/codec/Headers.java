package dev.warren.internal.codec;

import com.rabbitmq.client.LongString;
import dev.warren.Delivery;
import dev.warren.internal.logging.HeaderMessages;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the client's header values into plain Java types, and plain values into the type a caller
 * asks for. Pure. The client reads AMQP strings as {@code LongString}, and integers as {@code
 * Byte}, {@code Short}, {@code Integer} or {@code Long} depending on what the sender wrote; users
 * get {@code String}, and {@code Integer} or {@code Long}.
 */
public final class Headers {

  private Headers() {}

  /** {@code raw} with every value plain, unmodifiable; {@code null} is an empty map. */
  public static Map<String, Object> plain(Map<String, Object> raw) {
    if (raw == null || raw.isEmpty()) {
      return Map.of();
    }
    Map<String, Object> plain = new LinkedHashMap<>(raw.size() * 2);
    raw.forEach((name, value) -> plain.put(name, plainValue(value)));
    return Collections.unmodifiableMap(plain);
  }

  /** One value made plain: strings, ints and longs, and tables and arrays of plain values. */
  @SuppressWarnings("unchecked")
  public static Object plainValue(Object value) {
    if (value instanceof LongString s) {
      return s.toString();
    }
    if (value instanceof Byte || value instanceof Short) {
      return ((Number) value).intValue();
    }
    if (value instanceof Map<?, ?> table) {
      return plain((Map<String, Object>) table);
    }
    if (value instanceof List<?> array) {
      List<Object> plain = new ArrayList<>(array.size());
      for (Object element : array) {
        plain.add(plainValue(element));
      }
      return Collections.unmodifiableList(plain);
    }
    return value;
  }

  /**
   * {@code value} (already plain) as {@code type}.
   *
   * @return empty for {@code null}
   * @throws IllegalArgumentException (WARREN-210) if it is no {@code type}
   */
  public static <T> Optional<T> as(String name, Object value, Class<T> type) {
    if (value == null) {
      return Optional.empty();
    }
    Class<T> boxed = boxed(type);
    Object converted = convert(value, boxed);
    if (converted == null) {
      throw new IllegalArgumentException(
          HeaderMessages.headerType(name, value.getClass().getName(), type.getName()));
    }
    return Optional.of(boxed.cast(converted));
  }

  private static Object convert(Object value, Class<?> type) {
    if (type.isInstance(value)) {
      return value;
    }
    if (value instanceof Number n && isIntegral(n)) {
      long v = n.longValue();
      if (type == Long.class) {
        return v;
      }
      if (type == Integer.class && v == (int) v) {
        return (int) v;
      }
      if (type == Short.class && v == (short) v) {
        return (short) v;
      }
      if (type == Byte.class && v == (byte) v) {
        return (byte) v;
      }
    }
    if (value instanceof Number n && type == Double.class) {
      return n.doubleValue();
    }
    if (value instanceof Number n && type == BigDecimal.class && isIntegral(n)) {
      return BigDecimal.valueOf(n.longValue());
    }
    if (value instanceof Date d && type == Instant.class) {
      return d.toInstant();
    }
    return null;
  }

  private static boolean isIntegral(Number n) {
    return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
  }

  /** The wrapper of a primitive class; any other class as it is. */
  @SuppressWarnings("unchecked")
  public static <T> Class<T> boxed(Class<T> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    Class<?> wrapper =
        type == int.class
            ? Integer.class
            : type == long.class
                ? Long.class
                : type == boolean.class
                    ? Boolean.class
                    : type == double.class
                        ? Double.class
                        : type == float.class
                            ? Float.class
                            : type == short.class
                                ? Short.class
                                : type == byte.class ? Byte.class : Character.class;
    return (Class<T>) wrapper;
  }

  /** The {@code x-death} header (plain values) as records, most recent first. */
  public static List<Delivery.Death> deaths(Map<String, Object> headers) {
    if (!(headers.get("x-death") instanceof List<?> entries)) {
      return List.of();
    }
    List<Delivery.Death> deaths = new ArrayList<>(entries.size());
    for (Object entry : entries) {
      if (entry instanceof Map<?, ?> death) {
        List<String> keys = new ArrayList<>();
        if (death.get("routing-keys") instanceof List<?> list) {
          list.forEach(k -> keys.add(String.valueOf(k)));
        }
        deaths.add(
            new Delivery.Death(
                text(death.get("queue")),
                text(death.get("reason")),
                death.get("count") instanceof Number n ? n.longValue() : 0,
                text(death.get("exchange")),
                List.copyOf(keys),
                death.get("time") instanceof Date d ? d.toInstant() : null));
      }
    }
    return List.copyOf(deaths);
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
