package dev.warren.internal.connection;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryDelayHandler;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.internal.logging.ClientMessages;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Watches one connection for closes on a frame the client cannot read (a {@link
 * MalformedFrameException}): the client closes the whole connection, its recovery subscribes again,
 * and the same message, still first in its queue, closes it again. A header table the client cannot
 * read (nested more than 32 levels deep, which the broker accepts) no longer gets here: the
 * connection's {@link FrameGuard} replaces it before the client reads it, and the consumer drops
 * the message. This remains the backstop for what the guard leaves to the client (a content header
 * not laid out as the guard reads it, a method frame, or whatever a later client refuses that the
 * guard does not know yet). The first close is a warning; the second in a row is the loop, reported
 * once as an error that names the queues and what to do; the pause before each next recovery then
 * doubles from the recovery interval up to {@link #MOST}, and is reset, with one line, once the
 * connection stayed up for {@link #STABLE}. Nothing is acked: the message stays in its queue for an
 * operator. One per connection (the client's pause before a recovery and its error reports are set
 * per connection factory, and Warren makes a factory per connection), from its opening to shutdown;
 * called on the client's threads and on Warren's timer.
 */
public final class UnreadableFrames implements RecoveryDelayHandler, RecoveryListener {

  private static final Logger LOG = Logger.getLogger(UnreadableFrames.class.getName());

  /** The longest pause between recoveries in a loop. */
  static final Duration MOST = Duration.ofSeconds(30);

  /** How long the connection must stay up after a recovery to end a loop. */
  static final Duration STABLE = Duration.ofSeconds(10);

  private final String connection;
  private final Duration interval;
  private final boolean isolated;
  private final ScheduledExecutorService timer;
  private final UnreadableStreak streak;
  private final List<String> consumers = new CopyOnWriteArrayList<>();
  private final List<String> queues = new CopyOnWriteArrayList<>();
  private volatile Connection watched;

  /**
   * @param connection the connection's name, for messages
   * @param interval {@code warren.recovery-interval}
   * @param isolated whether each consumer has a connection of its own (else the advice says how to
   *     get that)
   * @param timer where the check that the connection stayed up runs
   */
  public UnreadableFrames(
      String connection, Duration interval, boolean isolated, ScheduledExecutorService timer) {
    this.connection = connection;
    this.interval = interval;
    this.isolated = isolated;
    this.timer = timer;
    this.streak = new UnreadableStreak(interval, MOST);
  }

  /** Starts watching the connection just opened, which this handler's factory made. */
  public void watch(Connection opened) {
    watched = opened;
    if (opened instanceof Recoverable recoverable) {
      recoverable.addRecoveryListener(this);
    }
  }

  /** A consumer subscribes on the connection, for messages. */
  public void consumer(String name, String queue) {
    consumers.add(name);
    if (!queues.contains(queue)) {
      queues.add(queue);
    }
  }

  /** Whether the connection loops on a message the client cannot read. */
  public boolean looping() {
    return streak.looping();
  }

  /** Whether the client's {@code error} means it could not read a frame. */
  static boolean unreadable(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof MalformedFrameException) {
        return true;
      }
    }
    return false;
  }

  /**
   * The client is closing the connection because it could not read a frame; on the client's I/O
   * thread, before the connection's shutdown listeners and its recovery.
   */
  void closed(Throwable error) {
    int inARow = streak.closed();
    if (inARow == 1) {
      ClientMessages.frameUnreadable(LOG, error, connection, onIt(), error.toString(), STABLE);
    } else if (inARow == 2) {
      ClientMessages.unreadableMessageLoop(
          LOG,
          connection,
          consumers,
          queues,
          error.toString(),
          Duration.ofMillis(streak.delayMillis(0)),
          MOST,
          isolated);
    } else {
      LOG.fine(() -> "connection '" + connection + "' closed again (" + inARow + " in a row)");
    }
  }

  private String onIt() {
    if (consumers.isEmpty()) {
      return "no consumer (a returned message or a reply it could not read)";
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < consumers.size(); i++) {
      text.append(i == 0 ? "" : ", ").append("'").append(consumers.get(i)).append("'");
    }
    return (consumers.size() == 1 ? "consumer " : "consumers ")
        + text
        + " (queue"
        + (queues.size() == 1 ? " '" : "s '")
        + String.join("', '", queues)
        + "')";
  }

  @Override
  public long getDelay(int attempts) {
    return streak.delayMillis(attempts);
  }

  @Override
  public void handleRecovery(Recoverable recoverable) {
    long period = streak.up();
    try {
      timer.schedule(() -> checkStayedUp(period), STABLE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down
    }
  }

  private void checkStayedUp(long period) {
    Connection current = watched;
    int closes = streak.stayedUp(period, current != null && current.isOpen());
    if (closes > 0) {
      ClientMessages.unreadableLoopEnded(LOG, connection, onIt(), closes, STABLE, interval);
    }
  }

  @Override
  public void handleRecoveryStarted(Recoverable recoverable) {
    // the pause before it was getDelay's
  }
}
