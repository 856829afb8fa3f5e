package dev.warren;

import java.time.Duration;
import java.util.List;

/**
 * What {@link DeadLetters#replay} or {@link DeadLetters#purge} did (or, for a dry run, would do).
 *
 * @param queue the dead letter queue
 * @param dryRun whether nothing was changed
 * @param examined how many dead letters were read
 * @param selected how many of them the query selected
 * @param done how many selected ones were replayed or purged (0 for a dry run)
 * @param selectedIds the message ids of the selected ones in queue order, at most {@value #MAX_IDS}
 *     ({@code null} for one without a message id)
 * @param failed the selected ones that stayed in the queue, and why
 * @param took how long the call took
 */
public record DeadLetterReport(
    String queue,
    boolean dryRun,
    long examined,
    long selected,
    long done,
    List<String> selectedIds,
    List<Failure> failed,
    Duration took) {

  /** The most message ids a report lists. */
  public static final int MAX_IDS = 1000;

  /**
   * A selected dead letter that stayed in the queue.
   *
   * @param messageId its message id, {@code null} when it has none
   * @param target the queue it was to be replayed to, {@code null} when unknown
   * @param why what went wrong, e.g. the broker's {@code 312 NO_ROUTE}
   */
  public record Failure(String messageId, String target, String why) {}
}
