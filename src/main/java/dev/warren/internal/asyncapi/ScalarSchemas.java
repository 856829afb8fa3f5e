package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * The JSON Schemas of the Java types JSON-B writes as one JSON value: booleans, numbers with their
 * ranges, characters, text, and the {@code java.time} and other types it writes as strings (with a
 * {@code format} where the text matches one, else a description of the text). Stateless.
 */
final class ScalarSchemas {

  private ScalarSchemas() {}

  /** The schema of {@code c} if JSON-B writes it as one JSON value; {@code null} for the others. */
  static Map<String, Object> of(Class<?> c) {
    if (c == boolean.class || c == Boolean.class) {
      return obj("type", "boolean");
    }
    if (c == byte.class || c == Byte.class) {
      return integer(Byte.MIN_VALUE, Byte.MAX_VALUE);
    }
    if (c == short.class || c == Short.class) {
      return integer(Short.MIN_VALUE, Short.MAX_VALUE);
    }
    if (c == int.class || c == Integer.class || c == OptionalInt.class) {
      return integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    if (c == long.class || c == Long.class || c == OptionalLong.class) {
      return integer(Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (c == BigInteger.class) {
      return obj("type", "integer");
    }
    if (c == float.class
        || c == Float.class
        || c == double.class
        || c == Double.class
        || c == OptionalDouble.class
        || c == BigDecimal.class
        || c == Number.class) {
      return obj("type", "number");
    }
    if (c == char.class || c == Character.class) {
      return obj("type", "string", "minLength", 1, "maxLength", 1);
    }
    if (c == String.class || c == CharSequence.class) {
      return obj("type", "string");
    }
    if (c == Instant.class || c == OffsetDateTime.class) {
      return obj("type", "string", "format", "date-time");
    }
    if (c == LocalDate.class) {
      return obj("type", "string", "format", "date");
    }
    if (c == OffsetTime.class) {
      return obj("type", "string", "format", "time");
    }
    if (c == Duration.class || c == Period.class) {
      return obj("type", "string", "format", "duration");
    }
    if (c == UUID.class) {
      return obj("type", "string", "format", "uuid");
    }
    if (c == URI.class || c == URL.class) {
      return obj("type", "string", "format", "uri");
    }
    String text = TEXT_TYPES.get(c.getName());
    return text == null ? null : obj("type", "string", "description", text);
  }

  /** Types JSON-B writes as text that matches no JSON Schema format, with what the text is. */
  private static final Map<String, String> TEXT_TYPES =
      Map.ofEntries(
          Map.entry("java.time.LocalDateTime", "ISO-8601 local date-time: 2024-01-31T10:15:30"),
          Map.entry("java.time.LocalTime", "ISO-8601 local time: 10:15:30"),
          Map.entry(
              "java.time.ZonedDateTime",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry("java.util.Date", "ISO-8601 date-time with zone: 2024-01-31T09:15:30Z[UTC]"),
          Map.entry(
              "java.util.Calendar",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry(
              "java.util.GregorianCalendar",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry("java.time.ZoneId", "a time zone id: Europe/Paris"),
          Map.entry("java.time.ZoneOffset", "a zone offset: +01:00"),
          Map.entry("java.util.TimeZone", "a time zone id: Europe/Paris"),
          Map.entry("java.time.YearMonth", "ISO-8601 year and month: 2024-01"),
          Map.entry("java.time.MonthDay", "ISO-8601 month and day: --01-31"));

  /** An integer from {@code min} to {@code max}. */
  static Map<String, Object> integer(long min, long max) {
    return obj("type", "integer", "minimum", min, "maximum", max);
  }
}
