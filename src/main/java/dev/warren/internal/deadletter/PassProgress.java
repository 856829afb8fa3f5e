package dev.warren.internal.deadletter;

/**
 * Told how far a pass over a dead letter queue got, for a caller that shows progress (the command
 * line's progress bar). Internal: the public {@code DeadLetters} has no progress. Called on the
 * caller's thread, by the pass, after each dead letter it examines or settles and once at its end,
 * so often: an implementation must be quick and decide itself how often it shows anything.
 */
@FunctionalInterface
public interface PassProgress {

  /** Shows nothing. */
  PassProgress NONE = (examined, total, selected, done) -> {};

  /**
   * @param examined the dead letters read so far
   * @param total the dead letters in the queue when the pass began (the most it examines)
   * @param selected how many of those read the query selected
   * @param done how many selected ones were replayed (confirmed) or purged so far
   */
  void update(long examined, long total, long selected, long done);
}
