package dev.warren.internal.settlement;

import dev.warren.QueueType;
import java.util.Map;
import java.util.Set;

/**
 * Who counts a delivery's attempts, and its attempt number; the first delivery is attempt 1. On a
 * classic queue Warren counts in its retry-count header, by publishing copies; on a quorum queue
 * the server counts each return in {@code x-delivery-count}, plus Warren's header on delayed copies
 * (new messages to the server). {@link #serverCounts} is the one place that says which.
 */
public final class Attempts {

  /** The header a quorum queue counts returns in. */
  public static final String DELIVERY_COUNT = "x-delivery-count";

  /**
   * The header RabbitMQ 4.3 and later count every return of a quorum queue's message in, nacks
   * included; the delivery limit does not read it, nor does Warren.
   */
  public static final String ACQUIRED_COUNT = "x-acquired-count";

  /**
   * The broker's own counts, which a copy leaves out: it is a new message, whose counts start again
   * (a count a client sets seeds nothing on the broker, and would only mislead a reader).
   */
  public static final Set<String> BROKER_COUNTS = Set.of(DELIVERY_COUNT, ACQUIRED_COUNT);

  private Attempts() {}

  /**
   * Whether the server counts returns on {@code queueType} (a quorum queue, in {@value
   * #DELIVERY_COUNT}, with its delivery limit as the cap): Warren then publishes no retry copies,
   * and counts only on the delayed copies it publishes. Otherwise Warren counts alone.
   */
  public static boolean serverCounts(QueueType queueType) {
    return queueType == QueueType.QUORUM;
  }

  /**
   * The attempt number. The broker sends no {@value #DELIVERY_COUNT} on a first delivery (3.10's
   * {@code basic.get} sends 0): attempt 1 either way, on every version.
   *
   * @param headers the message headers, may be {@code null}
   * @param retryCountHeader the name of Warren's retry-count header
   */
  public static int of(QueueType queueType, Map<String, Object> headers, String retryCountHeader) {
    if (headers == null) {
      return 1;
    }
    long attempt = 1 + count(headers.get(retryCountHeader));
    if (serverCounts(queueType)) {
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
