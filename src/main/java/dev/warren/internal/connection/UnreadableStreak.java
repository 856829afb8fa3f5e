package dev.warren.internal.connection;

import java.time.Duration;

/**
 * The pure state behind {@link UnreadableFrames}: how many times in a row one connection was closed
 * because the client could not read a frame, and the pause before its next recovery. A close soon
 * after the previous one (the connection did not stay up for the stable period in between) extends
 * the streak; from the second close in a row on, the connection loops on a message it cannot read,
 * and each recovery waits longer: the recovery interval, doubling up to a most. Thread-safe.
 */
final class UnreadableStreak {

  private final long intervalMillis;
  private final long mostMillis;
  private int inARow; // closes for an unreadable frame, none followed by a stable period
  private long ups; // how many times the connection came up; names each period it is up
  private long closedAtUp = -1; // the up period the last close ended

  /**
   * @param interval the pause between recovery attempts outside a loop ({@code
   *     warren.recovery-interval}), and the first pause in one
   * @param most the longest pause in a loop
   */
  UnreadableStreak(Duration interval, Duration most) {
    this.intervalMillis = interval.toMillis();
    this.mostMillis = Math.max(most.toMillis(), intervalMillis);
  }

  /**
   * The client closed the connection because it could not read a frame.
   *
   * @return how many such closes in a row, this one included: 1 for the first, 2 when a loop begins
   */
  synchronized int closed() {
    closedAtUp = ups;
    return ++inARow;
  }

  /**
   * The client recovered the connection.
   *
   * @return the up period that begins, for {@link #stayedUp}
   */
  synchronized long up() {
    return ++ups;
  }

  /**
   * The stable period since the connection came up as {@code period} has passed: when no close
   * ended that period and the connection is open, the streak ends.
   *
   * @param period what {@link #up()} returned
   * @param open whether the connection is open now
   * @return the closes in a row that ended with this, when they were a loop (2 or more); else 0
   */
  synchronized int stayedUp(long period, boolean open) {
    if (period != ups || closedAtUp == period || !open || inARow == 0) {
      return 0; // closed again since, recovered again since, down now, or nothing to end
    }
    int ended = inARow;
    inARow = 0;
    return ended >= 2 ? ended : 0;
  }

  /** Whether the connection is in a loop: closed twice or more in a row for an unreadable frame. */
  synchronized boolean looping() {
    return inARow >= 2;
  }

  /**
   * The client's pause before a recovery attempt ({@code attempts} failed ones so far, 0 before the
   * first): in a loop the interval doubling with each close, up to the most; otherwise none before
   * the first attempt and the interval before each next one.
   */
  synchronized long delayMillis(int attempts) {
    if (inARow >= 2) {
      int doublings = Math.min(inARow - 2, 30);
      return Math.min(mostMillis, intervalMillis << doublings);
    }
    return attempts == 0 ? 0 : intervalMillis;
  }
}
