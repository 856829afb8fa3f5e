package dev.warren.internal.deadletter;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import dev.warren.PublishException;
import dev.warren.internal.publish.ConfirmTracker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The copies one pass publishes (replays, and dead letters kept by copying them to the tail), each
 * mandatory, through a {@link ConfirmTracker} on a channel of its own: the tracker keeps them by
 * sequence number and settles each on its confirm, as it does every message Warren publishes (good
 * when acked and not returned before, failed when returned or nacked). This class only pairs each
 * copy with its original and hands the settled ones back.
 *
 * <p>Threads: {@link #send}, {@link #settled} and {@link #await} run on the caller's thread; the
 * tracker settles on the connection's reader thread and completes right there, where this class
 * only records and wakes the caller.
 */
final class Copies {

  /** One copy: what it is for, where it went, and how it ended. */
  static final class Copy {
    final long tag; // the original's delivery tag
    final String messageId;
    final String target;
    final boolean replay;
    final AMQP.BasicProperties kept; // the properties a copy kept in the dead letter queue gets
    final byte[] body;
    String failure; // null while good

    Copy(
        long tag,
        String messageId,
        String target,
        boolean replay,
        AMQP.BasicProperties kept,
        byte[] body) {
      this.tag = tag;
      this.messageId = messageId;
      this.target = target;
      this.replay = replay;
      this.kept = kept;
      this.body = body;
    }
  }

  /**
   * The tracker's window and admission: twice the pass's, so that a copy is never queued nor its
   * caller held back. The pass sends only while fewer than {@link Pass#WINDOW} copies are unsettled
   * here, and the tracker frees a copy's place before it completes it (its admission permit just
   * after). So the tracker's {@code internal} executor never runs anything.
   */
  private static final int TRACKER_WINDOW = 2 * Pass.WINDOW;

  /** Never reached: nothing calls {@link ConfirmTracker#expire}; a pass has its own idle limit. */
  private static final Duration NO_TIMEOUT = Duration.ofDays(1);

  private final ConfirmTracker tracker;
  private final List<Copy> settled = new ArrayList<>(); // guarded by this
  private int unconfirmed; // sent, not yet settled; guarded by this

  Copies(Channel channel) throws IOException {
    this.tracker =
        new ConfirmTracker(channel, TRACKER_WINDOW, NO_TIMEOUT, 0, Runnable::run, Runnable::run);
  }

  Channel channel() {
    return tracker.channel();
  }

  /**
   * Publishes {@code copy} to queue {@code copy.target} through the default exchange.
   *
   * @throws AlreadyClosedException if the channel is closed: nothing was sent
   */
  void send(Copy copy, AMQP.BasicProperties properties) throws IOException, InterruptedException {
    synchronized (this) {
      unconfirmed++;
    }
    CompletableFuture<Void> confirmed =
        tracker.publish("", copy.target, true, properties, copy.body);
    if (confirmed == null) {
      synchronized (this) {
        unconfirmed--;
      }
      if (channel().getCloseReason() != null) {
        throw new AlreadyClosedException(channel().getCloseReason());
      }
      throw new IOException("the channel of the dead letter copies closed");
    }
    confirmed.whenComplete((ok, failure) -> settle(copy, failure));
  }

  /** How many copies wait for their confirm. */
  synchronized int unconfirmed() {
    return unconfirmed;
  }

  /** The copies settled since the last call, in the order they were confirmed. */
  synchronized List<Copy> settled() {
    List<Copy> done = new ArrayList<>(settled);
    settled.clear();
    return done;
  }

  /**
   * Waits until at most {@code most} copies are unconfirmed or {@code millis} passed.
   *
   * @return whether at most {@code most} are
   */
  synchronized boolean await(int most, long millis) throws InterruptedException {
    long end = System.nanoTime() + millis * 1_000_000;
    while (unconfirmed > most && tracker.isOpen()) {
      long left = (end - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      wait(Math.min(left, 100));
    }
    return unconfirmed <= most;
  }

  private synchronized void settle(Copy copy, Throwable failure) {
    if (failure != null) {
      copy.failure = why(failure);
    }
    unconfirmed--;
    settled.add(copy);
    notifyAll();
  }

  private static String why(Throwable failure) {
    if (failure instanceof PublishException e) {
      return switch (e.reason()) {
        // the one return of a mandatory message to the default exchange: no such queue
        case UNROUTABLE -> "returned: 312 NO_ROUTE";
        case NACKED -> "nacked by the broker";
        default -> e.getMessage();
      };
    }
    return String.valueOf(failure);
  }
}
