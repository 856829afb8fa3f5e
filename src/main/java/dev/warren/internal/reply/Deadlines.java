package dev.warren.internal.reply;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The timeouts of the requests waiting on one request channel, without a timer task per request.
 * Requests with the same timeout expire in the order they were sent, so each distinct timeout has a
 * lane: a list linked through the requests themselves, oldest first, and at most one timer task,
 * due when the oldest expires. A request answered in time is unlinked at once, so nothing it holds
 * is kept until its timeout would have run; the lane's task then finds a younger request at the
 * head and waits for that one. A lane that runs empty is dropped when its task next runs, so a
 * timeout no request uses any more costs nothing. Thread-safe: each method holds the lock for a few
 * steps only, and the expired requests are handed to {@code expired} after it is released.
 *
 * @param <E> the requests
 */
final class Deadlines<E extends Deadlines.Entry> {

  /** What a request carries to wait in a lane. */
  abstract static class Entry {
    // guarded by the Deadlines' lock
    Lane lane; // null when not waiting
    Entry older;
    Entry younger;
    long deadline; // System.nanoTime() when it expires
  }

  private static final Duration LONGEST = Duration.ofDays(365L * 100);

  private final ScheduledExecutorService timer;
  private final Consumer<? super E> expired;
  private final Map<Duration, Lane> lanes = new HashMap<>();

  /**
   * @param timer runs each lane's task
   * @param expired told of each request whose timeout ran out while it was still waiting
   */
  Deadlines(ScheduledExecutorService timer, Consumer<? super E> expired) {
    this.timer = timer;
    this.expired = expired;
  }

  /** {@code entry} waits until {@code timeout} from now, unless {@link #remove}d before. */
  synchronized void add(E entry, Duration timeout) {
    if (entry.lane != null) {
      throw new IllegalStateException("already waiting");
    }
    Lane lane = lanes.get(timeout);
    if (lane == null) {
      Lane created = new Lane(timeout);
      created.task = () -> due(created);
      lanes.put(timeout, created);
      lane = created;
    }
    entry.deadline = System.nanoTime() + lane.nanos;
    lane.append(entry);
    if (!lane.armed) {
      arm(lane, lane.nanos);
    }
  }

  /**
   * {@code entry} no longer waits (answered, failed, or never sent).
   *
   * @return {@code false} when it was not waiting
   */
  synchronized boolean remove(E entry) {
    Lane lane = entry.lane;
    if (lane == null) {
      return false;
    }
    lane.unlink(entry);
    return true;
  }

  /** How many requests wait (tests). */
  synchronized int size() {
    int size = 0;
    for (Lane lane : lanes.values()) {
      for (Entry entry = lane.oldest; entry != null; entry = entry.younger) {
        size++;
      }
    }
    return size;
  }

  /** How many lanes there are (tests). */
  synchronized int lanes() {
    return lanes.size();
  }

  /** A lane's task: expires what is due, then waits for the next one or drops the empty lane. */
  private void due(Lane lane) {
    List<E> due = List.of();
    synchronized (this) {
      lane.armed = false;
      long now = System.nanoTime();
      while (lane.oldest != null && lane.oldest.deadline - now <= 0) {
        if (due.isEmpty()) {
          due = new ArrayList<>();
        }
        @SuppressWarnings("unchecked") // only add(E) links entries
        E entry = (E) lane.oldest;
        lane.unlink(entry);
        due.add(entry);
      }
      if (lane.oldest != null) {
        arm(lane, lane.oldest.deadline - now);
      } else {
        lanes.remove(lane.timeout); // not armed, nothing waits in it: no one reaches it again
      }
    }
    due.forEach(expired);
  }

  private void arm(Lane lane, long delayNanos) {
    try {
      timer.schedule(lane.task, delayNanos, TimeUnit.NANOSECONDS);
      lane.armed = true;
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes next and fails what waits in the lane
    }
  }

  /** The requests waiting with one timeout, oldest first; guarded by the Deadlines' lock. */
  static final class Lane {
    final Duration timeout;
    final long nanos;
    Runnable task; // runs due(this)
    Entry oldest;
    Entry youngest;
    boolean armed;

    Lane(Duration timeout) {
      this.timeout = timeout;
      // saturated: a deadline far beyond any process's life must not overflow nanoTime's range
      this.nanos = timeout.compareTo(LONGEST) > 0 ? LONGEST.toNanos() : timeout.toNanos();
    }

    void append(Entry entry) {
      entry.lane = this;
      entry.older = youngest;
      if (youngest == null) {
        oldest = entry;
      } else {
        youngest.younger = entry;
      }
      youngest = entry;
    }

    void unlink(Entry entry) {
      if (entry.older == null) {
        oldest = entry.younger;
      } else {
        entry.older.younger = entry.younger;
      }
      if (entry.younger == null) {
        youngest = entry.older;
      } else {
        entry.younger.older = entry.older;
      }
      entry.lane = null;
      entry.older = null;
      entry.younger = null;
    }
  }
}
