package dev.warren.internal.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.jdbc.Dialect;
import dev.warren.internal.jdbc.Tables;
import dev.warren.it.support.Broker;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The relay's SQL and its publishing against the real databases and broker, without a server: rows
 * written as the writer writes them (the JTA transaction aside) go out in id order and are deleted;
 * two relays on one table publish every row exactly once ({@code FOR UPDATE SKIP LOCKED}); an
 * unroutable row stays with its attempts and error, counted as failing, until a binding exists. On
 * PostgreSQL (127.0.0.1:5432, test.sh starts it) and MariaDB (127.0.0.1:3306, user root), each in a
 * database {@value #DATABASE} the test creates; the table is created by {@link Tables}.
 */
class RelayDatabasesIT {

  static final String DATABASE = "outbox_relay_it";
  static final String TABLE = "relay_it_outbox";
  static final String QUEUE = "warren.it.outbox.relay";
  static final String UNBOUND = "warren.it.outbox.unbound";
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String CONNECTION = "warren-it-outbox-relay";

  private final List<Relay> relays = new ArrayList<>();
  private Connection broker;

  @AfterEach
  void stop() throws Exception {
    relays.forEach(r -> r.stop(System.nanoTime() + 5_000_000_000L));
    if (broker != null) {
      broker.close();
    }
    Broker.get().cleanUp();
  }

  static DataSource dataSource(Dialect dialect) throws SQLException {
    if (dialect == Dialect.POSTGRESQL) {
      try (java.sql.Connection admin =
              DriverManager.getConnection(
                  "jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "postgres");
          Statement statement = admin.createStatement();
          ResultSet found =
              statement.executeQuery(
                  "select 1 from pg_database where datname = '" + DATABASE + "'")) {
        if (!found.next()) {
          statement.execute("create database " + DATABASE);
        }
      }
      PGSimpleDataSource pg = new PGSimpleDataSource();
      pg.setURL("jdbc:postgresql://127.0.0.1:5432/" + DATABASE);
      pg.setUser("postgres");
      pg.setPassword("postgres");
      return pg;
    }
    try (java.sql.Connection admin =
            DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/", "root", "");
        Statement statement = admin.createStatement()) {
      statement.execute("create database if not exists " + DATABASE);
    }
    MariaDbDataSource maria = new MariaDbDataSource();
    maria.setUrl("jdbc:mariadb://127.0.0.1:3306/" + DATABASE);
    maria.setUser("root");
    maria.setPassword("");
    return maria;
  }

  /** A fresh outbox table, created as deployment creates it. */
  static OutboxTable freshTable(DataSource dataSource, Dialect dialect) throws SQLException {
    OutboxTable table = new OutboxTable(TABLE, dialect);
    try (java.sql.Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("drop table if exists " + TABLE);
      assertThat(Tables.prepare(connection, TABLE, false, table.ddl()))
          .isEqualTo(Tables.State.MISSING);
      assertThat(Tables.prepare(connection, TABLE, true, table.ddl()))
          .isEqualTo(Tables.State.CREATED);
      assertThat(Tables.prepare(connection, TABLE, true, table.ddl()))
          .isEqualTo(Tables.State.PRESENT);
      assertThat(Dialect.of(connection.getMetaData())).contains(dialect);
    }
    return table;
  }

  /** Writes rows as {@code OutboxWriter} does, in one transaction. */
  static void write(
      DataSource dataSource,
      OutboxTable table,
      String exchange,
      String routingKey,
      List<String> ids)
      throws SQLException {
    try (java.sql.Connection connection = dataSource.getConnection();
        PreparedStatement insert = connection.prepareStatement(table.insert())) {
      connection.setAutoCommit(false);
      Timestamp now = Timestamp.from(Instant.now());
      for (String id : ids) {
        insert.setString(1, id);
        insert.setString(2, exchange);
        insert.setString(3, routingKey);
        insert.setBoolean(4, true);
        insert.setBytes(
            5,
            Properties.write(
                new AMQP.BasicProperties.Builder()
                    .deliveryMode(2)
                    .contentType("text/plain")
                    .headers(java.util.Map.of("order", id))
                    .build()));
        insert.setBytes(6, id.getBytes(StandardCharsets.UTF_8));
        insert.setTimestamp(7, now);
        insert.setTimestamp(8, now);
        insert.addBatch();
      }
      insert.executeBatch();
      connection.commit();
    }
  }

  static int rows(DataSource dataSource) throws SQLException {
    try (java.sql.Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet count = statement.executeQuery("select count(*) from " + TABLE)) {
      count.next();
      return count.getInt(1);
    }
  }

  private Relay relay(DataSource dataSource, OutboxTable table) throws Exception {
    if (broker == null) {
      // recovering, as Warren's connections are
      ConnectionFactory factory = new ConnectionFactory();
      factory.setHost(Broker.HOST);
      factory.setPort(Broker.PORT);
      factory.setNetworkRecoveryInterval(500);
      broker = factory.newConnection(CONNECTION);
    }
    Relay relay =
        new Relay(
            dataSource,
            table,
            Duration.ofMillis(200),
            Duration.ofSeconds(10),
            () -> broker,
            ThreadSource.plain());
    relays.add(relay);
    return relay;
  }

  private static List<GetResponse> arrived(int count) {
    List<GetResponse> taken = new ArrayList<>();
    await()
        .atMost(WAIT)
        .until(
            () -> {
              taken.addAll(Broker.get().drain(QUEUE));
              return taken.size() >= count;
            });
    return taken;
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void committedRowsGoOutInIdOrderWithTheirIdsAndAreDeleted(Dialect dialect) throws Exception {
    DataSource dataSource = dataSource(dialect);
    OutboxTable table = freshTable(dataSource, dialect);
    Broker.get().queue(QUEUE);
    List<String> ids = IntStream.range(0, 250).mapToObj(i -> "id-" + i).toList();
    write(dataSource, table, "", QUEUE, ids);

    relay(dataSource, table).start();

    List<GetResponse> messages = arrived(ids.size());
    assertThat(messages)
        .extracting(m -> m.getProps().getMessageId())
        .containsExactlyElementsOf(ids);
    assertThat(messages.get(0).getProps().getHeaders().get("order")).hasToString("id-0");
    assertThat(messages.get(0).getProps().getContentType()).isEqualTo("text/plain");
    await().atMost(WAIT).until(() -> rows(dataSource) == 0);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void twoRelaysOnOneTablePublishEachRowOnce(Dialect dialect) throws Exception {
    DataSource dataSource = dataSource(dialect);
    OutboxTable table = freshTable(dataSource, dialect);
    Broker.get().queue(QUEUE);
    Relay first = relay(dataSource, table);
    Relay second = relay(dataSource, table);
    first.start();
    second.start();

    List<String> ids = IntStream.range(0, 600).mapToObj(i -> "twice-" + i).toList();
    for (int i = 0; i < ids.size(); i += 50) {
      write(dataSource, table, "", QUEUE, ids.subList(i, i + 50));
      first.nudge();
      second.nudge();
    }

    List<GetResponse> messages = arrived(ids.size());
    await().atMost(WAIT).until(() -> rows(dataSource) == 0);
    messages.addAll(Broker.get().drain(QUEUE));
    Set<String> distinct = new HashSet<>();
    messages.forEach(m -> distinct.add(m.getProps().getMessageId()));
    assertThat(messages).hasSize(ids.size());
    assertThat(distinct).containsExactlyInAnyOrderElementsOf(ids);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void anUnroutableRowStaysWithItsAttemptsUntilABindingExists(Dialect dialect) throws Exception {
    DataSource dataSource = dataSource(dialect);
    OutboxTable table = freshTable(dataSource, dialect);
    Broker.get().queue(QUEUE).exchange(UNBOUND, "direct");
    write(dataSource, table, UNBOUND, "late", List.of("late-1"));
    Relay relay = relay(dataSource, table);

    relay.start();

    await().atMost(WAIT).until(() -> relay.stats().failing() == 1 && relay.stats().pending() == 1);
    try (java.sql.Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("select attempts, last_error from " + TABLE)) {
      assertThat(row.next()).isTrue();
      assertThat(row.getInt(1)).isPositive();
      assertThat(row.getString(2)).contains("unroutable").contains("NO_ROUTE");
    }
    assertThat(Broker.get().ready(QUEUE)).isZero();

    Broker.get().bind(QUEUE, UNBOUND, "late");

    assertThat(arrived(1)).extracting(m -> m.getProps().getMessageId()).containsExactly("late-1");
    await().atMost(WAIT).until(() -> rows(dataSource) == 0);
    await().atMost(WAIT).until(() -> relay.stats().failing() == 0);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rowsWrittenWhileTheBrokerIsAwayGoOutOnceItIsBack(Dialect dialect) throws Exception {
    DataSource dataSource = dataSource(dialect);
    OutboxTable table = freshTable(dataSource, dialect);
    Broker.get().queue(QUEUE);
    Relay relay = relay(dataSource, table);
    relay.start();
    write(dataSource, table, "", QUEUE, List.of("before"));
    relay.nudge();
    assertThat(arrived(1)).extracting(m -> m.getProps().getMessageId()).containsExactly("before");

    assertThat(Broker.closeConnectionsNamed(CONNECTION, "outbox relay test")).isEqualTo(1);
    List<String> ids = IntStream.range(0, 20).mapToObj(i -> "away-" + i).toList();
    write(dataSource, table, "", QUEUE, ids);
    relay.nudge();

    // the client recovers the connection; the relay's next pass opens a new channel
    List<GetResponse> messages = arrived(ids.size());
    await().atMost(WAIT).until(() -> rows(dataSource) == 0);
    messages.addAll(Broker.get().drain(QUEUE));
    assertThat(messages).extracting(m -> m.getProps().getMessageId()).containsAll(ids);
  }
}
