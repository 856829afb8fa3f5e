package dev.warren.cli;

import dev.warren.DeadLetterQuery;
import dev.warren.internal.config.AmqpUri;

/**
 * One parsed command line: what to do, on which broker and queue, and how to show it.
 *
 * @param operation count, browse, replay or purge; {@code null} with {@code help}
 * @param uri the broker
 * @param uriSource where the URI came from, for messages: {@code --uri} or {@code WARREN_URI}
 * @param query the queue, filters, limit, rate, dry run and queue type
 * @param retryCountHeader Warren's retry count header, removed from replayed copies
 * @param json whether to print JSON instead of lines
 * @param progress whether to show progress on standard error: {@code null} when only on a terminal
 * @param help whether only the help was asked for
 */
record Command(
    Operation operation,
    AmqpUri uri,
    String uriSource,
    DeadLetterQuery query,
    String retryCountHeader,
    boolean json,
    Boolean progress,
    boolean help) {

  /** What the tool does with the dead letters it selects. */
  enum Operation {
    COUNT,
    BROWSE,
    REPLAY,
    PURGE;

    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  static Command helpOnly() {
    return new Command(null, null, null, null, null, false, null, true);
  }
}
