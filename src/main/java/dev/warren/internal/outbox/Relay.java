package dev.warren.internal.outbox;

import com.rabbitmq.client.Channel;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.logging.OutboxMessages;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.publish.ConfirmingPublisher.ConnectionSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Publishes the outbox's committed rows. One thread, {@code warren-outbox}, from the {@link
 * ThreadSource}: it alone waits on the database and on confirms (never the caller's thread, the
 * timer or the client's threads). It goes through the table at start, when a commit nudges it, and
 * every sweep interval; each pass takes up to {@value #BATCH} due rows in id order with {@code FOR
 * UPDATE SKIP LOCKED} in a local JDBC transaction (several instances share a table without sending
 * a row twice), publishes them with confirms on a channel of its own, deletes the confirmed ones,
 * marks a returned or nacked one with a back-off, and commits. A database or broker that does not
 * answer fails the pass: its rows stay, and the next pass comes after a back-off (at most the sweep
 * interval) or a nudge.
 */
final class Relay implements Runnable {

  private static final Logger LOG = Logger.getLogger(Relay.class.getName());
  static final int BATCH = 500;
  private static final Duration WARNING_INTERVAL = Duration.ofSeconds(30);

  private final DataSource dataSource;
  private final OutboxTable table;
  private final Duration sweepInterval;
  private final Duration confirmTimeout;
  private final ConnectionSource broker;
  private final ThreadSource threads;
  private final Semaphore nudges = new Semaphore(0);
  private final RateLimit rowWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit relayWarnings = new RateLimit(WARNING_INTERVAL);
  private volatile boolean running;
  private volatile Thread thread;
  private volatile OutboxStats stats = OutboxStats.NONE;
  // the relay's thread only
  private Channel channel;
  private volatile RelayBatch current;

  Relay(
      DataSource dataSource,
      OutboxTable table,
      Duration sweepInterval,
      Duration confirmTimeout,
      ConnectionSource broker,
      ThreadSource threads) {
    this.dataSource = dataSource;
    this.table = table;
    this.sweepInterval = sweepInterval;
    this.confirmTimeout = confirmTimeout;
    this.broker = broker;
    this.threads = threads;
  }

  /** Starts the relay's thread; its first pass sweeps what a crash left. */
  synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    Thread started = threads.newThread("warren-outbox", this);
    if (started == null) {
      running = false;
      return;
    }
    thread = started;
    started.start();
  }

  /** After a commit: go through the table now. Never blocks (runs on the committing thread). */
  void nudge() {
    if (nudges.availablePermits() == 0) {
      nudges.release();
    }
  }

  /** What the relay last counted. */
  OutboxStats stats() {
    return stats;
  }

  /** Stops after the current pass, waiting for it until {@code deadlineNanos}. */
  void stop(long deadlineNanos) {
    running = false;
    nudges.release();
    Thread current = thread;
    if (current == null) {
      return;
    }
    try {
      current.join(Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (current.isAlive()) {
      current.interrupt();
    }
  }

  @Override
  public void run() {
    int failures = 0;
    try {
      while (running) {
        boolean more;
        try {
          more = pass();
          failures = 0;
        } catch (SQLException | IOException | TimeoutException | RuntimeException e) {
          if (!running) {
            return;
          }
          failures++;
          Duration wait = Backoff.after(failures);
          wait = wait.compareTo(sweepInterval) > 0 ? sweepInterval : wait;
          long held = relayWarnings.pass();
          if (held != RateLimit.SUPPRESSED) {
            OutboxMessages.relayFailed(
                LOG, e, table.name(), e.toString(), Backoff.text(wait), held);
          }
          closeChannel();
          await(wait);
          continue;
        }
        if (!more) {
          await(sweepInterval);
        }
      }
    } catch (InterruptedException e) {
      // stopping
    } finally {
      closeChannel();
    }
  }

  private void await(Duration wait) throws InterruptedException {
    nudges.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
    nudges.drainPermits();
  }

  /**
   * One pass: a batch of due rows, published and settled in one local transaction.
   *
   * @return whether a full batch went through without a failure (so more may be due at once)
   */
  private boolean pass() throws SQLException, IOException, TimeoutException, InterruptedException {
    try (Connection db = dataSource.getConnection()) {
      boolean autoCommit = db.getAutoCommit();
      int isolation = db.getTransactionIsolation();
      // record locks only: under MariaDB's REPEATABLE READ the locking select would also lock the
      // gaps between rows, where the application's inserts go; PostgreSQL's default already is
      boolean readCommitted = isolation != Connection.TRANSACTION_READ_COMMITTED;
      if (readCommitted) {
        db.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      }
      db.setAutoCommit(false);
      try {
        List<OutboxRow> rows = takeDue(db);
        boolean more = rows.size() == BATCH;
        if (!rows.isEmpty()) {
          more &= settle(db, rows, publish(rows));
        }
        // counted inside the pass's transaction (it sees its own deletes): one commit per pass
        count(db);
        db.commit();
        return more;
      } catch (SQLException | IOException | TimeoutException | RuntimeException e) {
        rollbackQuietly(db);
        throw e;
      } catch (InterruptedException e) {
        rollbackQuietly(db);
        throw e;
      } finally {
        db.setAutoCommit(autoCommit);
        if (readCommitted) {
          db.setTransactionIsolation(isolation);
        }
      }
    }
  }

  private List<OutboxRow> takeDue(Connection db) throws SQLException {
    List<OutboxRow> rows = new ArrayList<>();
    try (PreparedStatement select = db.prepareStatement(table.takeDue())) {
      select.setTimestamp(1, Timestamp.from(Instant.now()));
      select.setInt(2, BATCH);
      try (ResultSet found = select.executeQuery()) {
        while (found.next()) {
          String messageId = found.getString(2);
          rows.add(
              new OutboxRow(
                  found.getLong(1),
                  messageId,
                  found.getString(3),
                  found.getString(4),
                  found.getBoolean(5),
                  Properties.read(found.getBytes(6), messageId),
                  found.getBytes(7),
                  found.getInt(8)));
        }
      }
    }
    return rows;
  }

  private RelayBatch publish(List<OutboxRow> rows)
      throws IOException, TimeoutException, InterruptedException {
    RelayBatch batch = new RelayBatch(rows);
    Channel open = channel();
    current = batch;
    try {
      batch.send(open);
      batch.await(System.nanoTime() + confirmTimeout.toNanos());
    } finally {
      current = null;
    }
    if (batch.channelClosed() || batch.incomplete() || !open.isOpen()) {
      // a late confirm must not meet the next batch: a new channel numbers from 1 again
      closeChannel();
    }
    return batch;
  }

  /**
   * Deletes the confirmed rows and marks the failed ones; rows not sent stay as they are.
   *
   * @return whether every row was confirmed
   */
  private boolean settle(Connection db, List<OutboxRow> rows, RelayBatch batch)
      throws SQLException {
    boolean all = true;
    List<Long> confirmed = new ArrayList<>();
    try (PreparedStatement failed = db.prepareStatement(table.failed())) {
      for (int i = 0; i < rows.size(); i++) {
        OutboxRow row = rows.get(i);
        RelayBatch.Result result = batch.result(i);
        if (result == RelayBatch.Result.CONFIRMED) {
          confirmed.add(row.id());
          continue;
        }
        all = false;
        if (result == RelayBatch.Result.NOT_SENT) {
          continue;
        }
        int attempts = row.attempts() + 1;
        Duration backoff = Backoff.after(attempts);
        String why = batch.why(i);
        failed.setTimestamp(1, Timestamp.from(Instant.now().plus(backoff)));
        failed.setString(
            2,
            why.length() > OutboxTable.ERROR_LENGTH
                ? why.substring(0, OutboxTable.ERROR_LENGTH)
                : why);
        failed.setLong(3, row.id());
        failed.addBatch();
        long held = rowWarnings.pass();
        if (held != RateLimit.SUPPRESSED) {
          OutboxMessages.rowFailed(
              LOG,
              row.messageId(),
              row.id(),
              table.name(),
              row.exchange(),
              row.routingKey(),
              why,
              attempts,
              Backoff.text(backoff),
              held);
        }
      }
      failed.executeBatch();
    }
    if (!confirmed.isEmpty()) {
      // one JDBC batch (one round trip with both drivers) of deletes by key: one "id IN (...)"
      // made MariaDB scan the rows of the other relays' passes and wait for their locks, and the
      // deadlock rolled a pass back after it had published (its rows went out twice)
      try (PreparedStatement delete = db.prepareStatement(table.delete())) {
        for (long id : confirmed) {
          delete.setLong(1, id);
          delete.addBatch();
        }
        delete.executeBatch();
      }
    }
    return all;
  }

  private void count(Connection db) throws SQLException {
    try (PreparedStatement select = db.prepareStatement(table.stats());
        ResultSet counted = select.executeQuery()) {
      if (counted.next()) {
        Timestamp oldest = counted.getTimestamp(2);
        stats =
            new OutboxStats(
                counted.getLong(1),
                oldest == null ? null : oldest.toInstant(),
                counted.getLong(3),
                Instant.now());
      }
    }
  }

  /** The relay's channel in confirm mode, opened when there is none. */
  private Channel channel() throws IOException, TimeoutException {
    if (channel == null || !channel.isOpen()) {
      closeChannel();
      Channel opened = broker.get().createChannel();
      opened.confirmSelect();
      opened.addConfirmListener(
          (tag, multiple) -> confirmed(tag, multiple, true),
          (tag, multiple) -> confirmed(tag, multiple, false));
      opened.addReturnListener(
          returned -> {
            RelayBatch batch = current;
            if (batch != null) {
              batch.returned(
                  returned.getReplyCode(),
                  returned.getReplyText(),
                  returned.getExchange(),
                  returned.getRoutingKey(),
                  returned.getProperties());
            }
          });
      opened.addShutdownListener(
          cause -> {
            RelayBatch batch = current;
            if (batch != null) {
              batch.closed(cause);
            }
          });
      channel = opened;
    }
    return channel;
  }

  private void confirmed(long tag, boolean multiple, boolean ack) {
    RelayBatch batch = current;
    if (batch != null) {
      batch.confirmed(tag, multiple, ack);
    }
  }

  private void closeChannel() {
    Channel open = channel;
    channel = null;
    if (open != null) {
      try {
        open.abort();
      } catch (IOException | RuntimeException e) {
        // already closed
      }
    }
  }

  private static void rollbackQuietly(Connection db) {
    try {
      db.rollback();
    } catch (SQLException e) {
      // the connection is gone: the database rolls back on its own
    }
  }
}
