package dev.warren.internal.rules;

import dev.warren.internal.config.Durations;
import dev.warren.internal.logging.BatchMessages;
import dev.warren.internal.logging.DeclarationMessages;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The checks of one consumer's settings that need neither config nor the broker: the annotation
 * processor runs them on the source's values, deployment validation on the values in force (config
 * over annotation). Pure: each rule reports to {@code problems} and returns; {@code consumer} and
 * {@code where} name the consumer and its method, {@code source} where a value came from ({@link
 * #ANNOTATION} or a config key). Only the JDK, {@link Durations} and the message entries of {@code
 * logging}, so that the processor loads nothing else.
 */
public final class ConsumerRules {

  /** The source of a value written in (or defaulted by) the annotation, as messages name it. */
  public static final String ANNOTATION = "@RabbitConsumer";

  /** The largest prefetch count {@code basic.qos} can carry (a short, unsigned). */
  public static final int MAX_PREFETCH = 65535;

  /** The values of {@code x-delayed-retry-type} that RabbitMQ 4.3 knows. */
  public static final List<String> DELAYED_RETRY_TYPES =
      List.of("failed", "all", "returned", "disabled");

  private ConsumerRules() {}

  /** A consumer's name: the annotation's {@code name}, or its queue when that is blank. */
  public static String consumerName(String name, String queue) {
    return name.isBlank() ? queue : name;
  }

  /** A consumer reads a named queue. */
  public static void queue(String consumer, String where, String queue, Consumer<String> problems) {
    if (queue.isBlank()) {
      problems.accept(DeclarationMessages.blankQueue(consumer, where));
    }
  }

  /** {@code maxAttempts} is 0 (no cap) or more. */
  public static void maxAttempts(
      String consumer, String where, int value, String source, Consumer<String> problems) {
    atLeast(
        value, 0, "maxAttempts", "set it to 0 (no cap) or more", consumer, where, source, problems);
  }

  /** {@code prefetch} is 1 or more (0 would mean unlimited on the wire). */
  public static void prefetch(
      String consumer, String where, int value, String source, Consumer<String> problems) {
    atLeast(
        value,
        1,
        "prefetch",
        "set it to 1 or more (0 would mean unlimited on the wire)",
        consumer,
        where,
        source,
        problems);
  }

  /** {@code prefetch} fits in {@code basic.qos} (checked at deployment only). */
  public static void prefetchOnTheWire(
      String consumer, String where, int value, String source, Consumer<String> problems) {
    if (value > MAX_PREFETCH) {
      problems.accept(
          DeclarationMessages.invalidSetting(
              consumer,
              where,
              "prefetch",
              value,
              source,
              "set it to at most "
                  + MAX_PREFETCH
                  + " (basic.qos carries a 16-bit count: the broker would apply "
                  + MAX_PREFETCH
                  + ", not this value)"));
    }
  }

  /** {@code concurrency} is 1 or more. */
  public static void concurrency(
      String consumer, String where, int value, String source, Consumer<String> problems) {
    atLeast(value, 1, "concurrency", "set it to 1 or more", consumer, where, source, problems);
  }

  /** {@code batchSize} is 1 (no batching) or more. */
  public static void batchSize(
      String consumer, String where, int value, String source, Consumer<String> problems) {
    atLeast(
        value,
        1,
        "batchSize",
        "set it to 1 (no batching) or more",
        consumer,
        where,
        source,
        problems);
  }

  /** A batch fits in the prefetch window (when both are valid: nothing to add otherwise). */
  public static void batchWithinPrefetch(
      String consumer, String where, int batchSize, int prefetch, Consumer<String> problems) {
    if (batchSize > prefetch && prefetch >= 1) {
      problems.accept(BatchMessages.batchOverPrefetch(consumer, where, batchSize, prefetch));
    }
  }

  /**
   * {@code batchWait} is a duration longer than zero.
   *
   * @return the duration, or {@code null} after a problem
   */
  public static Duration batchWait(
      String consumer, String where, String text, String source, Consumer<String> problems) {
    try {
      return positiveDuration(text);
    } catch (IllegalArgumentException e) {
      problems.accept(
          DeclarationMessages.invalidSetting(
              consumer, where, "batchWait", "'" + text + "'", source, e.getMessage()));
      return null;
    }
  }

  /**
   * Parses a duration longer than zero.
   *
   * @throws IllegalArgumentException saying what is accepted
   */
  public static Duration positiveDuration(String text) {
    Duration duration = Durations.parse(text);
    if (duration.isZero()) {
      throw new IllegalArgumentException("must be longer than zero");
    }
    return duration;
  }

  /**
   * On a quorum queue {@code maxAttempts} and {@code deadLetter} come as a pair: the cap becomes
   * the queue's delivery limit and the dead letter queue its dead-letter route.
   *
   * @return whether the pair is whole (or the queue is no quorum queue)
   */
  public static boolean quorumPair(
      String consumer,
      String where,
      boolean quorum,
      int maxAttempts,
      String deadLetter,
      Consumer<String> problems) {
    if (quorum && (maxAttempts > 0) != !deadLetter.isEmpty()) {
      problems.accept(DeclarationMessages.quorumHalfPair(consumer, where, maxAttempts, deadLetter));
      return false;
    }
    return true;
  }

  /** A quorum queue publishes no retry copies, so it takes no retry publisher. */
  public static void retryPublisher(
      String consumer,
      String where,
      boolean quorum,
      boolean retryPublisher,
      Consumer<String> problems) {
    if (quorum && retryPublisher) {
      problems.accept(DeclarationMessages.retryPublisherOnQuorum(consumer, where));
    }
  }

  /**
   * A quorum queue's own back-off ({@code x-delayed-retry-type}, {@code -min}, {@code -max}): the
   * broker accepts malformed values and silently turns it off, so Warren refuses them. A type the
   * broker knows that delays {@code basic.reject} ({@code failed} or {@code all}: Warren never
   * nacks, so {@code returned} would delay nothing), on a quorum queue, with {@code 1 <= min <=
   * max} in ms; {@code disabled} takes no min or max; without a type, min and max would do nothing.
   *
   * @param type the type as written ({@code ""} for none)
   * @return the type as the broker takes it (trimmed, lower case; {@code ""} for none), or {@code
   *     null} after a problem
   */
  public static String delayedRetry(
      String consumer,
      String where,
      boolean quorum,
      String type,
      String typeSource,
      int min,
      String minSource,
      int max,
      String maxSource,
      Consumer<String> problems) {
    String value = type.trim().toLowerCase(Locale.ROOT);
    if (value.isEmpty()) {
      if (min != 0 || max != 0) {
        String setting = min != 0 ? "delayedRetryMin" : "delayedRetryMax";
        problems.accept(
            DeclarationMessages.invalidSetting(
                consumer,
                where,
                setting,
                min != 0 ? min : max,
                min != 0 ? minSource : maxSource,
                "it does nothing without delayedRetryType: set delayedRetryType='failed' for the"
                    + " broker to hold each retry(), or remove it"));
        return null;
      }
      return "";
    }
    Consumer<String> refuse =
        fix ->
            problems.accept(
                DeclarationMessages.invalidSetting(
                    consumer, where, "delayedRetryType", "'" + type + "'", typeSource, fix));
    if (!DELAYED_RETRY_TYPES.contains(value)) {
      refuse.accept(
          "set it to 'failed' (the broker holds rejected deliveries and those of closed"
              + " channels), 'all' or 'disabled': the broker accepts any other value and silently"
              + " redelivers at once");
      return null;
    }
    if (value.equals("returned")) {
      refuse.accept(
          "'returned' holds only basic.nack, and Warren settles retry() with basic.reject, which"
              + " the broker would redeliver at once: use 'failed' or 'all'");
      return null;
    }
    if (!quorum) {
      refuse.accept(
          "delayed retry is a quorum queue's (RabbitMQ 4.3 and later): set queueType=QUORUM, or"
              + " remove it and return retryAfter with delay=DLX_TTL");
      return null;
    }
    if (value.equals("disabled")) {
      return value;
    }
    boolean valid = true;
    if (min < 1) {
      problems.accept(
          DeclarationMessages.invalidSetting(
              consumer,
              where,
              "delayedRetryMin",
              min,
              minSource,
              "set it to 1 (ms) or more: the broker accepts 0 or none and silently redelivers at"
                  + " once"));
      valid = false;
    }
    if (max < Math.max(min, 1)) {
      problems.accept(
          DeclarationMessages.invalidSetting(
              consumer,
              where,
              "delayedRetryMax",
              max,
              maxSource,
              "set it (in ms) to at least delayedRetryMin (" + min + "): the longest hold"));
      valid = false;
    }
    return valid ? value : null;
  }

  /**
   * A method takes exactly one payload. A {@code Delivery} (or a batch's {@code List<Delivery>}) is
   * metadata, but a second one counts as a payload, and it is never a body.
   *
   * @param bodies the parameters the codec would decode into
   * @param payloads the bodies plus each metadata parameter beyond the first of its kind
   * @param listed the payload parameters, for the message
   * @return whether there is exactly one
   */
  public static boolean onePayload(
      String consumer,
      String where,
      int bodies,
      int payloads,
      Supplier<String> listed,
      Consumer<String> problems) {
    if (bodies == 0) {
      problems.accept(DeclarationMessages.noPayload(consumer, where));
      return false;
    }
    if (payloads > 1) {
      problems.accept(DeclarationMessages.twoPayloads(consumer, where, listed.get()));
      return false;
    }
    return true;
  }

  private static void atLeast(
      int value,
      int min,
      String label,
      String fix,
      String consumer,
      String where,
      String source,
      Consumer<String> problems) {
    if (value < min) {
      problems.accept(
          DeclarationMessages.invalidSetting(consumer, where, label, value, source, fix));
    }
  }
}
