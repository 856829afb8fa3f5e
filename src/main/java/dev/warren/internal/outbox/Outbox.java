package dev.warren.internal.outbox;

import dev.warren.Publisher;
import dev.warren.internal.config.OutboxSettings;
import dev.warren.internal.ee.OptionalApis;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.jdbc.DataSources;
import dev.warren.internal.jdbc.Dialect;
import dev.warren.internal.jdbc.JtaTransactions;
import dev.warren.internal.jdbc.Tables;
import dev.warren.internal.logging.OutboxMessages;
import dev.warren.internal.publish.ConfirmingPublisher.ConnectionSource;
import dev.warren.internal.telemetry.OutboxReading;
import dev.warren.spi.Codec;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Logger;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The application's outbox: its writer ({@code @Outbox Publisher}) and its relay. Prepared at
 * deployment validation on the deploying thread (the datasource and the transaction registry looked
 * up, the table checked or created), started with the application, stopped before Warren's
 * connections close.
 */
public final class Outbox {

  private static final Logger LOG = Logger.getLogger(Outbox.class.getName());

  private final OutboxWriter writer;
  private final Relay relay;
  private final String table;

  private Outbox(OutboxWriter writer, Relay relay, String table) {
    this.writer = writer;
    this.relay = relay;
    this.table = table;
  }

  /**
   * Prepares the outbox for the {@code injectionPoints} that use it, or reports why it cannot be.
   *
   * @param injectionPoints where {@code @Outbox Publisher} is injected, for messages
   * @param confirmTimeout how long the relay waits for a batch's confirms
   * @param broker Warren's publishing connection
   * @param problems receives each deployment problem
   * @return the outbox, or {@code null} when there were problems
   */
  public static Outbox prepare(
      OutboxSettings settings,
      List<String> injectionPoints,
      Duration confirmTimeout,
      Codec codec,
      ThreadSource threads,
      ConnectionSource broker,
      Consumer<String> problems) {
    Optional<String> name = settings.dataSource();
    if (name.isEmpty()) {
      problems.accept(OutboxMessages.noDataSource(injectionPoints));
    }
    if (!OptionalApis.present(JtaTransactions.API)) {
      problems.accept(
          OutboxMessages.noJta(injectionPoints, "the Jakarta Transactions API is not there"));
      return null;
    }
    JtaTransactions transactions;
    try {
      transactions = JtaTransactions.lookup();
    } catch (NamingException | RuntimeException e) {
      problems.accept(
          OutboxMessages.noJta(
              injectionPoints, JtaTransactions.REGISTRY + " could not be looked up: " + e));
      return null;
    }
    if (name.isEmpty()) {
      return null;
    }
    DataSource dataSource;
    try {
      dataSource = DataSources.lookup(name.get());
    } catch (NamingException | RuntimeException e) {
      problems.accept(OutboxMessages.dataSourceNotFound(name.get(), e.toString()));
      return null;
    }
    OutboxTable table;
    try (Connection connection = dataSource.getConnection()) {
      String product = connection.getMetaData().getDatabaseProductName();
      Optional<Dialect> dialect = Dialect.of(product);
      if (dialect.isEmpty()) {
        problems.accept(OutboxMessages.unsupportedDatabase(name.get(), product));
        return null;
      }
      table = new OutboxTable(settings.table(), dialect.get());
      Tables.State state =
          Tables.prepare(connection, table.name(), settings.createTables(), table.ddl());
      if (state == Tables.State.MISSING) {
        problems.accept(
            OutboxMessages.tableMissing(table.name(), name.get(), dialect.get().displayName()));
        return null;
      }
      if (state == Tables.State.CREATED) {
        LOG.info(
            () ->
                "Warren created the outbox table '"
                    + table.name()
                    + "' in "
                    + name.get()
                    + " ("
                    + dialect.get().displayName()
                    + ")");
      }
    } catch (SQLException | RuntimeException e) {
      problems.accept(OutboxMessages.tableFailed(settings.table(), name.get(), e.toString()));
      return null;
    }
    Relay relay =
        new Relay(dataSource, table, settings.sweepInterval(), confirmTimeout, broker, threads);
    return new Outbox(
        new OutboxWriter(dataSource, table, transactions, codec, relay::nudge),
        relay,
        table.name());
  }

  /** {@code @Outbox Publisher}. */
  public Publisher publisher() {
    return writer;
  }

  /** Starts the relay, which first sweeps what an earlier run left. */
  public void start() {
    relay.start();
  }

  /** Stops the relay after its current pass, waiting for it until {@code deadlineNanos}. */
  public void stop(long deadlineNanos) {
    relay.stop(deadlineNanos);
  }

  /** What the relay last counted in the table, for health. */
  public OutboxStats stats() {
    return relay.stats();
  }

  /** What the relay last counted, for the gauges (read on the meter's thread; state only). */
  public OutboxReading reading() {
    OutboxStats stats = relay.stats();
    return new OutboxReading(
        table, stats.pending(), stats.oldestAge(Instant.now()).toNanos() / 1e9, stats.failing());
  }
}
