package dev.warren.internal.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses config durations: a number with a unit ({@code 500ms}, {@code 30s}) or ISO-8601. */
public final class Durations {

  private static final Pattern WITH_UNIT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  private static final String ACCEPTED =
      "a duration with a unit (500ms, 30s, 5m, 1h, 1d) or ISO-8601 (PT30S)";

  private Durations() {}

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException saying what is accepted, if it is neither form or negative
   */
  public static Duration parse(String text) {
    String trimmed = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = WITH_UNIT.matcher(trimmed);
    if (m.matches()) {
      long amount;
      try {
        amount = Long.parseLong(m.group(1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the number is too large");
      }
      try {
        return switch (m.group(2)) {
          case "ms" -> Duration.ofMillis(amount);
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          default -> Duration.ofDays(amount);
        };
      } catch (ArithmeticException e) {
        // callers turn IllegalArgumentException into a problem naming the key; this must not escape
        throw new IllegalArgumentException("the number is too large");
      }
    }
    Duration iso;
    try {
      iso = Duration.parse(trimmed.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("expected " + ACCEPTED);
    }
    if (iso.isNegative()) {
      throw new IllegalArgumentException("a duration must not be negative; expected " + ACCEPTED);
    }
    return iso;
  }
}
