package dev.warren.internal.settlement;

import dev.warren.QueueType;
import java.util.Map;

/**
 * The attempt number of a delivery; the first delivery is attempt 1. On a classic queue Warren
 * counts in its retry-count header; on a quorum queue the server counts in {@code
 * x-delivery-count}, plus Warren's header on delayed copies.
 */
public final class Attempts {

  /** The header a quorum queue counts returns in. */
  public static final String DELIVERY_COUNT = "x-delivery-count";

  private Attempts() {}

  /**
   * The attempt number.
   *
   * @param headers the message headers, may be {@code null}
   * @param retryCountHeader the name of Warren's retry-count header
   */
  public static int of(QueueType queueType, Map<String, Object> headers, String retryCountHeader) {
    if (headers == null) {
      return 1;
    }
    long attempt = 1 + count(headers.get(retryCountHeader));
    if (queueType == QueueType.QUORUM) {
      attempt += count(headers.get(DELIVERY_COUNT));
    }
    return (int) Math.min(Integer.MAX_VALUE, attempt);
  }

  // Each count is capped at Integer.MAX_VALUE, so the sum of three cannot overflow a long: a huge
  // header value must read as a late attempt, never wrap around to an early one below the cap.
  private static long count(Object value) {
    if (value instanceof Number n) {
      return clamp(n.longValue());
    }
    if (value != null) {
      String text = value.toString().trim();
      try {
        return clamp(Long.parseLong(text));
      } catch (NumberFormatException e) {
        return text.matches("\\+?[0-9]+") ? Integer.MAX_VALUE : 0;
      }
    }
    return 0;
  }

  private static long clamp(long count) {
    return Math.min(Integer.MAX_VALUE, Math.max(0, count));
  }
}
