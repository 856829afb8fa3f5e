package dev.warren.internal.settlement.execution;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One consumer's failed copies, by target (exchange and routing key) and by message, so that a copy
 * that can never be published is bounded and seen, and a failing target does not slow the copies to
 * the others.
 *
 * <ul>
 *   <li>The pause before the original of a failed copy goes back to its queue grows with the
 *       failures in a row of its target, or of the message itself (a message refused every time
 *       while other copies to the same target go through), whichever is more: 250 ms doubling up to
 *       30 s ({@link SettlementExecutor#copyPause}).
 *   <li>The {@value #GIVE_UP_AFTER}th failure in a row of the same message's copy to the same
 *       target gives up on that copy ({@link Verdict#giveUp()}; with the pauses above, about 4 s of
 *       trying when the failures are immediate) and marks the target as failing. It stays failing,
 *       for readiness, until a copy to it is confirmed, or for {@link #FORGET_AFTER} after its last
 *       failure.
 * </ul>
 *
 * A message is known again after it went back to its queue by what the broker does not change on a
 * requeue (its exchange and routing key, message id, timestamp, body), never by its headers (a
 * quorum queue counts deliveries there). At most {@value #MESSAGES_REMEMBERED} messages are
 * remembered, the oldest failure forgotten first; a message forgotten starts counting again.
 *
 * <p>Called on whatever thread learns a copy's fate (the connection's I/O thread for a confirm, a
 * nack or a return; the timer for a confirm timeout; a worker or completion thread for a copy that
 * could not be sent) and on health probes: every method is short, synchronized, and never waits.
 */
final class CopyFailures {

  /** The failures in a row of one message's copy after which it is given up. */
  static final int GIVE_UP_AFTER = 5;

  /** How long a target stays failing after its last failure when nothing is copied to it. */
  static final Duration FORGET_AFTER = Duration.ofMinutes(5);

  static final int MESSAGES_REMEMBERED = 1024;

  /**
   * What a failure means.
   *
   * @param pause how long the original is held before it goes back to its queue
   * @param inARow the failures in a row of this message's copy to this target
   * @param giveUp whether to give up on this copy (the {@value #GIVE_UP_AFTER}th failure or later)
   * @param newlyFailing whether the target became failing with this failure (say so once)
   */
  record Verdict(Duration pause, int inARow, boolean giveUp, boolean newlyFailing) {}

  /** A target's state. */
  private static final class Target {
    int inARow;
    boolean failing;
    long lastFailureNanos;
    String lastFailure;
  }

  private final Map<String, Target> targets = new HashMap<>();
  // by message: its failures in a row and when the last was; the oldest failure first
  private final LinkedHashMap<Object, long[]> messages =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, long[]> eldest) {
          return size() > MESSAGES_REMEMBERED;
        }
      };

  /**
   * A copy of {@code message} to {@code target} failed.
   *
   * @param target the copy's exchange and routing key, as said to the user
   * @param message what identifies the message across requeues
   * @param why the failure, as said to the user
   * @param nowNanos {@link System#nanoTime()}
   */
  synchronized Verdict failed(String target, Object message, String why, long nowNanos) {
    Target state = targets.computeIfAbsent(target, t -> new Target());
    state.inARow = state.inARow == Integer.MAX_VALUE ? state.inARow : state.inARow + 1;
    state.lastFailureNanos = nowNanos;
    state.lastFailure = why;
    forgetOldMessages(nowNanos);
    long[] before = messages.remove(message); // put again below: the newest failure is kept last
    int inARow = before == null ? 1 : (int) Math.min(before[0] + 1, Integer.MAX_VALUE);
    messages.put(message, new long[] {inARow, nowNanos});
    boolean giveUp = inARow >= GIVE_UP_AFTER;
    boolean newlyFailing = giveUp && !state.failing;
    if (giveUp) {
      state.failing = true;
    }
    return new Verdict(
        SettlementExecutor.copyPause(Math.max(inARow, state.inARow)), inARow, giveUp, newlyFailing);
  }

  /**
   * Whether the copy of {@code message} to {@code target} was given up (it failed {@value
   * #GIVE_UP_AFTER} times in a row) and its target is still failing: then the next attempt goes
   * straight to the dead letter queue, which matters when the failure closes the channel (a copy to
   * an exchange that is gone) and no failed copy can be followed on it.
   */
  synchronized boolean givenUp(String target, Object message) {
    Target state = targets.get(target);
    long[] inARow = messages.get(message);
    return state != null && state.failing && inARow != null && inARow[0] >= GIVE_UP_AFTER;
  }

  /**
   * Whether any copy failed less than {@link #FORGET_AFTER} ago and is remembered: the usual
   * answer, no, spares the caller working out the message and the target of a copy that went
   * through.
   */
  synchronized boolean any(long nowNanos) {
    if (targets.isEmpty() && messages.isEmpty()) {
      return false;
    }
    forgetOldMessages(nowNanos);
    targets.values().removeIf(state -> nowNanos - state.lastFailureNanos >= FORGET_AFTER.toNanos());
    return !targets.isEmpty() || !messages.isEmpty();
  }

  /** Forgets the messages whose last failure is {@link #FORGET_AFTER} old: the oldest first. */
  private void forgetOldMessages(long nowNanos) {
    for (Iterator<long[]> it = messages.values().iterator(); it.hasNext(); ) {
      if (nowNanos - it.next()[1] < FORGET_AFTER.toNanos()) {
        return;
      }
      it.remove();
    }
  }

  /** A copy of {@code message} to {@code target} was confirmed. */
  synchronized void succeeded(String target, Object message) {
    if (!targets.isEmpty()) {
      targets.remove(target);
    }
    if (!messages.isEmpty()) {
      messages.remove(message);
    }
  }

  /**
   * The targets that are failing now, each with its failures in a row and its last failure; empty
   * when all is well (the usual case: no allocation).
   */
  synchronized List<String> failing(long nowNanos) {
    List<String> failing = List.of();
    for (Iterator<Map.Entry<String, Target>> it = targets.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Target> entry = it.next();
      Target state = entry.getValue();
      if (nowNanos - state.lastFailureNanos >= FORGET_AFTER.toNanos()) {
        it.remove();
      } else if (state.failing) {
        if (failing.isEmpty()) {
          failing = new ArrayList<>();
        }
        failing.add(
            entry.getKey()
                + ": "
                + state.inARow
                + " failed in a row, the last with "
                + state.lastFailure);
      }
    }
    return failing;
  }
}
