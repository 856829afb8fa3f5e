package dev.warren.internal.settlement;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A quorum queue's own back-off (RabbitMQ 4.3 and later): the broker holds a returned message for
 * {@code min} × its delivery count, at most {@code max}, before delivering it again, and delivers
 * the messages behind it meanwhile. Warren validates the values (the broker accepts malformed ones
 * and silently turns the back-off off) and declares them as the queue's arguments. Fixed at
 * deployment; pure.
 *
 * @param type {@code failed} (delays rejects and closed channels), {@code all} (nacks too), {@code
 *     disabled}, or {@code ""} for no setting (Warren declares nothing)
 * @param minMillis the hold after the first return, in ms (0 unless the type delays)
 * @param maxMillis the longest hold, in ms (0 unless the type delays)
 * @param source where the type was set ({@code @RabbitConsumer} or a config key), for messages
 */
public record DelayedRetry(String type, long minMillis, long maxMillis, String source) {

  /** The queue argument naming which returns the broker delays. */
  public static final String TYPE_ARGUMENT = "x-delayed-retry-type";

  /** The queue argument: the hold after the first return, in ms. */
  public static final String MIN_ARGUMENT = "x-delayed-retry-min";

  /** The queue argument: the longest hold, in ms. */
  public static final String MAX_ARGUMENT = "x-delayed-retry-max";

  /** The arguments Warren sets from the consumer's delayed-retry settings. */
  public static final List<String> ARGUMENTS = List.of(TYPE_ARGUMENT, MIN_ARGUMENT, MAX_ARGUMENT);

  /** No setting: the queue's arguments say nothing about delayed retry. */
  public static final DelayedRetry NONE = new DelayedRetry("", 0, 0, "");

  /** Whether the consumer has a delayed-retry setting (Warren declares its arguments). */
  public boolean declared() {
    return !type.isEmpty();
  }

  /**
   * Whether the broker delays Warren's returns: Warren settles {@code retry()} with {@code
   * basic.reject(requeue=true)} (never a nack), which types {@code failed} and {@code all} delay.
   */
  public boolean delaysRejects() {
    return type.equals("failed") || type.equals("all");
  }

  /** The queue arguments: the type, and min and max when the type delays (as numbers). */
  public Map<String, Object> arguments() {
    Map<String, Object> arguments = new LinkedHashMap<>();
    if (declared()) {
      arguments.put(TYPE_ARGUMENT, type);
      if (delaysRejects()) {
        arguments.put(MIN_ARGUMENT, minMillis);
        arguments.put(MAX_ARGUMENT, maxMillis);
      }
    }
    return arguments;
  }

  /**
   * How long the broker holds a delivery that arrived with {@code headers} once Warren rejects it:
   * {@code min} × the delivery count the reject gives it ({@code x-delivery-count} + 1, the header
   * being absent on a first delivery), at most {@code max}; zero when the type does not delay
   * rejects.
   */
  public Duration holdAfterReject(Map<String, Object> headers) {
    if (!delaysRejects()) {
      return Duration.ZERO;
    }
    Object count = headers == null ? null : headers.get(Attempts.DELIVERY_COUNT);
    long returned = count instanceof Number n ? Math.max(0, n.longValue()) : 0;
    // min and max are ints: the product of min and a count capped at max + 1 fits in a long
    long next = Math.min(returned, maxMillis) + 1;
    return Duration.ofMillis(Math.min(minMillis * next, maxMillis));
  }
}
