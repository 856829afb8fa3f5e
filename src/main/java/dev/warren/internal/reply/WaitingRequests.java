package dev.warren.internal.reply;

import dev.warren.RequestException.Reason;
import dev.warren.internal.logging.ReplyMessages;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The requests waiting on one request channel, by correlation id, each with its timeout ({@link
 * Deadlines}). A request leaves exactly once (reply, return, timeout, failure, close); whoever
 * takes it out completes it. Thread-safe: the caller's thread adds, the I/O thread takes replies
 * out, the timer expires.
 */
final class WaitingRequests {

  private final Map<String, PendingRequest<?>> waiting = new ConcurrentHashMap<>();
  private final Deadlines<PendingRequest<?>> deadlines;

  /**
   * @param timer runs the timeouts
   */
  WaitingRequests(ScheduledExecutorService timer) {
    this.deadlines = new Deadlines<>(timer, this::expire);
  }

  /** {@code pending} waits under {@code id} until its reply or its timeout. */
  void add(String id, PendingRequest<?> pending) {
    pending.id = id;
    waiting.put(id, pending);
    deadlines.add(pending, pending.timeout); // before the reply can come
  }

  /**
   * Takes {@code pending} out of the requests waiting here, timeout included.
   *
   * @return {@code false} when it was no longer waiting (answered, failed, expired)
   */
  boolean leave(PendingRequest<?> pending) {
    if (!waiting.remove(pending.id, pending)) {
      return false;
    }
    deadlines.remove(pending);
    return true;
  }

  /** The request waiting under {@code id}, taken out with its timeout; {@code null} if none. */
  PendingRequest<?> take(String id) {
    PendingRequest<?> pending = id == null ? null : waiting.remove(id);
    if (pending != null) {
      deadlines.remove(pending);
    }
    return pending;
  }

  /** The requests waiting now; each still to {@link #leave}. */
  Collection<PendingRequest<?>> all() {
    return waiting.values();
  }

  private void expire(PendingRequest<?> pending) {
    if (leave(pending)) {
      pending.fail(
          Reason.TIMED_OUT,
          ReplyMessages.requestTimedOut(pending.exchange, pending.routingKey, pending.timeout),
          null);
    }
  }
}
