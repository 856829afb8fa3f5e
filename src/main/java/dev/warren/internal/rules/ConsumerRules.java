package dev.warren.internal.rules;

import dev.warren.internal.config.Durations;
import dev.warren.internal.logging.BatchMessages;
import dev.warren.internal.logging.DeclarationMessages;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
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

  /** The largest hold {@code x-delayed-retry-min} and {@code -max} take here: an int of ms. */
  private static final long MAX_HOLD_MILLIS = Integer.MAX_VALUE;

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

  /** The most partitions a consumer may have: each is a quorum queue on the cluster. */
  public static final int MAX_PARTITIONS = 256;

  /**
   * Partitions: 0 (none) or 1 to {@link #MAX_PARTITIONS} quorum queues, each handled one delivery
   * at a time (a key's order) and bound to the consumer's hashing exchange only.
   *
   * @param bindings how many {@code bindings} the consumer has
   * @return whether the consumer is partitioned and its partitions are valid
   */
  public static boolean partitions(
      String consumer,
      String where,
      int partitions,
      String source,
      boolean quorum,
      int concurrency,
      int bindings,
      Consumer<String> problems) {
    if (partitions == 0) {
      return false;
    }
    Consumer<String> refuse =
        fix ->
            problems.accept(
                DeclarationMessages.invalidSetting(
                    consumer, where, "partitions", partitions, source, fix));
    if (partitions < 0 || partitions > MAX_PARTITIONS) {
      refuse.accept("set it from 1 to " + MAX_PARTITIONS + " partitions, or to 0 for one queue");
      return false;
    }
    boolean valid = true;
    if (!quorum) {
      refuse.accept(
          "each partition is a quorum queue with a single active consumer: set"
              + " queueType=QUORUM");
      valid = false;
    }
    if (concurrency > 1) {
      refuse.accept(
          "a partition handles its deliveries one at a time to keep each key's order, and the"
              + " partitions run in parallel: set concurrency=1 and raise partitions instead");
      valid = false;
    }
    if (bindings > 0) {
      refuse.accept(
          "the partitions are bound to the consumer's hashing exchange only: remove bindings,"
              + " publish to that exchange with the key as routing key, or bind it to other"
              + " exchanges on the broker");
      valid = false;
    }
    return valid;
  }

  /**
   * A quorum queue's own back-off as the rules accept it.
   *
   * @param type the argument value ({@code failed}, {@code all} or {@code disabled})
   * @param minMillis the hold after the first return, in ms (0 for {@code disabled})
   * @param maxMillis the longest hold, in ms (0 for {@code disabled})
   */
  public record BackOff(String type, long minMillis, long maxMillis) {}

  /**
   * A quorum queue's own back-off ({@code x-delayed-retry-type}, {@code -min}, {@code -max}): the
   * broker accepts malformed values and silently turns it off, so Warren refuses them. A type that
   * delays {@code basic.reject} ({@code FAILED} or {@code ALL}) on a quorum queue, with {@code 1 ms
   * <= min <= max}, both durations in whole milliseconds; {@code DISABLED} takes no min or max;
   * without a type, min and max would do nothing.
   *
   * @param type the {@code DelayedRetryType} constant's name ({@code NONE} for none)
   * @param min the min as written ({@code ""} for none)
   * @param max the max as written ({@code ""} for none)
   * @return the back-off, empty for none or after a problem
   */
  public static Optional<BackOff> delayedRetry(
      String consumer,
      String where,
      boolean quorum,
      String type,
      String typeSource,
      String min,
      String minSource,
      String max,
      String maxSource,
      Consumer<String> problems) {
    String value = type.toLowerCase(Locale.ROOT);
    boolean holds = value.equals("failed") || value.equals("all");
    if (value.equals("none") || value.equals("disabled")) {
      String setting = !min.isBlank() ? "delayedRetryMin" : "delayedRetryMax";
      if (!min.isBlank() || !max.isBlank()) {
        problems.accept(
            DeclarationMessages.invalidSetting(
                consumer,
                where,
                setting,
                "'" + (!min.isBlank() ? min : max) + "'",
                !min.isBlank() ? minSource : maxSource,
                value.equals("none")
                    ? "it does nothing without delayedRetryType: set delayedRetryType=FAILED for"
                        + " the broker to hold each retry(), or remove it"
                    : "delayedRetryType=DISABLED holds nothing: remove it"));
        return Optional.empty();
      }
      if (value.equals("none")) {
        return Optional.empty();
      }
    }
    if (!quorum) {
      problems.accept(
          DeclarationMessages.invalidSetting(
              consumer,
              where,
              "delayedRetryType",
              type,
              typeSource,
              "delayed retry is a quorum queue's (RabbitMQ 4.3 and later): set"
                  + " queueType=QUORUM, or remove it and return retryAfter with delay=DLX_TTL"));
      return Optional.empty();
    }
    if (!holds) {
      return Optional.of(new BackOff(value, 0, 0));
    }
    long minMillis = hold(consumer, where, "delayedRetryMin", min, minSource, 1, problems);
    long maxMillis =
        hold(consumer, where, "delayedRetryMax", max, maxSource, Math.max(minMillis, 1), problems);
    if (minMillis < 0 || maxMillis < 0) {
      return Optional.empty();
    }
    return Optional.of(new BackOff(value, minMillis, maxMillis));
  }

  /**
   * One hold of the back-off in ms, at least {@code least}; -1 after a problem. The broker takes
   * whole milliseconds and reads a missing or zero hold as no back-off at all.
   */
  private static long hold(
      String consumer,
      String where,
      String setting,
      String text,
      String source,
      long least,
      Consumer<String> problems) {
    Consumer<String> refuse =
        fix ->
            problems.accept(
                DeclarationMessages.invalidSetting(
                    consumer, where, setting, "'" + text + "'", source, fix));
    if (text.isBlank()) {
      refuse.accept(
          "set it to a duration of at least "
              + least
              + "ms (such as 500ms or 2s): without it the broker silently redelivers at once");
      return -1;
    }
    Duration hold;
    try {
      hold = Durations.parse(text);
    } catch (IllegalArgumentException e) {
      refuse.accept(e.getMessage());
      return -1;
    }
    if (hold.getNano() % 1_000_000 != 0) {
      refuse.accept("the broker holds whole milliseconds: write it in ms, such as 500ms");
      return -1;
    }
    if (hold.compareTo(Duration.ofMillis(MAX_HOLD_MILLIS)) > 0) {
      refuse.accept(
          "set it to at most " + MAX_HOLD_MILLIS + "ms (about 24 days): the broker takes an int");
      return -1;
    }
    if (hold.toMillis() < least) {
      refuse.accept(
          setting.equals("delayedRetryMin")
              ? "set it to 1ms or more: the broker reads 0 as no back-off and redelivers at once"
              : "set it to at least delayedRetryMin (" + least + "ms): the longest hold");
      return -1;
    }
    return hold.toMillis();
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
