package dev.warren.internal.inbox;

import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.logging.InboxMessages;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Deletes the inbox rows older than the retention, on a thread of its own ({@code
 * warren-inbox-sweep}, from the {@link ThreadSource}: on a server a managed thread with the
 * application's context), never on a consumer's worker or Warren's timer: once when the application
 * starts, then every quarter of the retention (at least a second, at most an hour). Each batch of
 * at most {@value #BATCH} rows is a statement of its own, outside any transaction, so that a sweep
 * never holds many locks or a long transaction. Started with the consumers, stopped before them.
 */
final class InboxSweeper {

  private static final Logger LOG = Logger.getLogger(InboxSweeper.class.getName());

  static final int BATCH = 1000;

  private final DataSource dataSource;
  private final String dataSourceName;
  private final InboxSql sql;
  private final Duration retention;
  private final Object lock = new Object();
  private boolean stopped;
  private Thread thread;

  InboxSweeper(DataSource dataSource, String dataSourceName, InboxSql sql, Duration retention) {
    this.dataSource = dataSource;
    this.dataSourceName = dataSourceName;
    this.sql = sql;
    this.retention = retention;
  }

  /** How long the sweeper waits between sweeps. */
  static Duration interval(Duration retention) {
    Duration quarter = retention.dividedBy(4);
    Duration min = Duration.ofSeconds(1);
    Duration max = Duration.ofHours(1);
    return quarter.compareTo(min) < 0 ? min : quarter.compareTo(max) > 0 ? max : quarter;
  }

  /** The received time before which rows are expired at {@code now}. */
  static Instant cutoff(Instant now, Duration retention) {
    return now.minus(retention);
  }

  void start(ThreadSource threads) {
    Thread started = threads.newThread("warren-inbox-sweep", this::run);
    if (started == null) {
      return; // the server refuses new threads: the application is stopping
    }
    synchronized (lock) {
      thread = started;
    }
    started.start();
  }

  void stop() {
    Thread running;
    synchronized (lock) {
      stopped = true;
      lock.notifyAll();
      running = thread;
    }
    if (running != null) {
      running.interrupt();
    }
  }

  private void run() {
    long pause = interval(retention).toMillis();
    while (true) {
      sweepLogged();
      synchronized (lock) {
        long until = System.currentTimeMillis() + pause;
        for (long left = pause; !stopped && left > 0; left = until - System.currentTimeMillis()) {
          try {
            lock.wait(left);
          } catch (InterruptedException e) {
            return;
          }
        }
        if (stopped) {
          return;
        }
      }
    }
  }

  private void sweepLogged() {
    try {
      int deleted = sweep(Instant.now());
      if (deleted > 0) {
        LOG.fine(() -> "swept " + deleted + " expired rows from the inbox table " + sql.table());
      }
    } catch (SQLException | RuntimeException e) {
      if (!Thread.currentThread().isInterrupted()) {
        InboxMessages.sweepFailed(
            LOG,
            LOG.isLoggable(Level.FINE) ? e : null,
            sql.table(),
            retention,
            e.toString(),
            dataSourceName);
      }
    }
  }

  /** Deletes every row received more than the retention before {@code now}, batch by batch. */
  int sweep(Instant now) throws SQLException {
    Timestamp before = Timestamp.from(cutoff(now, retention));
    int total = 0;
    try (Connection connection = dataSource.getConnection();
        PreparedStatement delete = connection.prepareStatement(sql.sweep())) {
      boolean commit = !connection.getAutoCommit();
      while (true) {
        delete.setTimestamp(1, before);
        delete.setInt(2, BATCH);
        int deleted = delete.executeUpdate();
        if (commit) {
          connection.commit();
        }
        total += deleted;
        if (deleted < BATCH || stoppedNow()) {
          return total;
        }
      }
    }
  }

  private boolean stoppedNow() {
    synchronized (lock) {
      return stopped;
    }
  }
}
