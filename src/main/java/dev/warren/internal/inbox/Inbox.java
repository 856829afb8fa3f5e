package dev.warren.internal.inbox;

import dev.warren.Delivery;
import dev.warren.internal.config.InboxSettings;
import dev.warren.internal.ee.OptionalApis;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.jdbc.DataSources;
import dev.warren.internal.jdbc.Dialect;
import dev.warren.internal.jdbc.JtaTransactions;
import dev.warren.internal.jdbc.Tables;
import dev.warren.internal.logging.InboxMessages;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Logger;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The inbox of the deployment's {@code @Idempotent} consumers: one instance per deployment, the
 * bean {@link IdempotentInterceptor} injects. {@link #prepare} (deployment validation, on the
 * deploying thread, where the server's naming context is the application's) finds the datasource
 * and the transaction registry and makes sure the table is there; {@link #start} starts the sweeper
 * with the consumers; {@link #stop} stops it. {@link #record} runs on the consumers' workers.
 */
public final class Inbox {

  private static final Logger LOG = Logger.getLogger(Inbox.class.getName());

  /** What deployment found, for the calls. */
  private record Active(
      DataSource dataSource, InboxSql sql, JtaTransactions transactions, InboxSettings settings) {}

  private volatile Active active;
  private InboxSweeper sweeper;

  /**
   * Finds what the inbox needs; every problem goes to {@code problems}, each naming its setting.
   *
   * @param consumers the {@code @Idempotent} consumers, for messages ({@code consumer 'a' is})
   */
  public void prepare(InboxSettings settings, String consumers, Consumer<String> problems) {
    JtaTransactions transactions = transactions(consumers, problems);
    if (settings.dataSource().isEmpty()) {
      problems.accept(InboxMessages.noDataSource(consumers));
      return;
    }
    String name = settings.dataSource();
    DataSource dataSource;
    try {
      dataSource = DataSources.lookup(name);
    } catch (NamingException e) {
      problems.accept(
          InboxMessages.dataSourceUnusable(
              name, consumers, "it cannot be looked up in JNDI (" + e + ")"));
      return;
    }
    InboxSql sql;
    try (Connection connection = dataSource.getConnection()) {
      String product = connection.getMetaData().getDatabaseProductName();
      Optional<Dialect> dialect = Dialect.of(product);
      if (dialect.isEmpty()) {
        problems.accept(
            InboxMessages.dataSourceUnusable(
                name,
                consumers,
                "its database is "
                    + product
                    + ", and Warren's tables are written for PostgreSQL and MariaDB"));
        return;
      }
      sql = new InboxSql(dialect.get(), settings.table());
      if (!table(connection, sql, settings, problems)) {
        return;
      }
    } catch (SQLException e) {
      problems.accept(
          InboxMessages.dataSourceUnusable(name, consumers, "no connection (" + e + ")"));
      return;
    }
    if (transactions != null) {
      active = new Active(dataSource, sql, transactions, settings);
    }
  }

  private static JtaTransactions transactions(String consumers, Consumer<String> problems) {
    if (!OptionalApis.present(JtaTransactions.API)) {
      problems.accept(
          InboxMessages.noJta(consumers, "the Jakarta Transactions API is not on the class path"));
      return null;
    }
    try {
      return JtaTransactions.lookupOrDefer();
    } catch (NamingException | RuntimeException e) {
      problems.accept(
          InboxMessages.noJta(
              consumers, "'" + JtaTransactions.REGISTRY + "' cannot be looked up: " + e));
      return null;
    }
  }

  private static boolean table(
      Connection connection, InboxSql sql, InboxSettings settings, Consumer<String> problems) {
    try {
      Tables.State state =
          Tables.prepare(connection, sql.table(), settings.createTables(), sql.ddl());
      if (state == Tables.State.MISSING) {
        problems.accept(
            InboxMessages.tableProblem(
                sql.table(),
                settings.dataSource(),
                "is missing, and 'warren.create-tables' is false"));
        return false;
      }
      if (state == Tables.State.CREATED) {
        LOG.info(
            () ->
                "Warren created the inbox table "
                    + sql.table()
                    + " in the datasource "
                    + settings.dataSource());
      }
      return true;
    } catch (SQLException e) {
      problems.accept(
          InboxMessages.tableProblem(
              sql.table(), settings.dataSource(), "is missing and cannot be created: " + e));
      return false;
    }
  }

  /** Starts the sweeper on a thread of {@code threads}, once the consumers start. */
  public synchronized void start(ThreadSource threads) {
    Active now = active;
    if (now == null || sweeper != null) {
      return;
    }
    sweeper =
        new InboxSweeper(
            now.dataSource(), now.settings().dataSource(), now.sql(), now.settings().retention());
    sweeper.start(threads);
  }

  /** Stops the sweeper; the inbox takes no more calls. */
  public synchronized void stop() {
    if (sweeper != null) {
      sweeper.stop();
      sweeper = null;
    }
  }

  /** The id {@code delivery} is recorded under, or {@code null} when it is refused. */
  String messageId(Delivery delivery) {
    return MessageIds.of(delivery, current().settings().missingId());
  }

  /**
   * Records {@code messageId} for {@code consumer} in the calling thread's transaction.
   *
   * @return whether the row is new (the method is to be called); {@code false} when a committed
   *     transaction recorded it already
   * @throws IllegalStateException when the thread has no active transaction ({@code WARREN-328})
   * @throws SQLException when the insert fails
   */
  boolean record(String consumer, String method, String messageId) throws SQLException {
    Active now = current();
    String inactive = now.transactions().inactive();
    if (inactive != null) {
      throw new IllegalStateException(InboxMessages.noTransaction(consumer, method, inactive));
    }
    try (Connection connection = now.dataSource().getConnection();
        PreparedStatement insert = connection.prepareStatement(now.sql().insert())) {
      insert.setString(1, consumer);
      insert.setString(2, messageId);
      insert.setTimestamp(3, Timestamp.from(Instant.now()));
      return insert.executeUpdate() > 0;
    }
  }

  private Active current() {
    Active now = active;
    if (now == null) {
      // deployment validation reports why the inbox is missing, and the application does not start
      throw new IllegalStateException("Warren's inbox was not prepared at deployment");
    }
    return now;
  }
}
