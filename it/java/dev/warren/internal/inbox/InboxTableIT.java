package dev.warren.internal.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.jdbc.Dialect;
import dev.warren.internal.jdbc.Tables;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The inbox table on the machine's PostgreSQL (127.0.0.1:5432) and MariaDB (127.0.0.1:3306), each
 * in a database {@value #DATABASE} made when missing: Warren's DDL creates it, its insert says new
 * or recorded, and the sweep deletes every expired row, more than one batch of them, and nothing
 * younger, also on its own thread at start. No container, no broker.
 */
class InboxTableIT {

  static final String DATABASE = "inbox_it";
  static final String TABLE = "warren_inbox_it";

  private DataSource dataSource;
  private InboxSql sql;

  /** A fresh table in {@code dialect}'s database, made by Warren's DDL. */
  private void freshTable(Dialect dialect) throws SQLException {
    sql = new InboxSql(dialect, TABLE);
    if (dialect == Dialect.POSTGRESQL) {
      try (Connection admin =
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
      PGSimpleDataSource postgres = new PGSimpleDataSource();
      postgres.setUrl("jdbc:postgresql://127.0.0.1:5432/" + DATABASE);
      postgres.setUser("postgres");
      postgres.setPassword("postgres");
      dataSource = postgres;
    } else {
      try (Connection admin =
              DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/?user=root");
          Statement statement = admin.createStatement()) {
        statement.execute("create database if not exists " + DATABASE);
      }
      dataSource =
          new MariaDbDataSource("jdbc:mariadb://127.0.0.1:3306/" + DATABASE + "?user=root");
    }
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("drop table if exists " + TABLE);
      assertThat(Dialect.of(connection.getMetaData())).contains(dialect);
      assertThat(Tables.prepare(connection, TABLE, true, sql.ddl()))
          .isEqualTo(Tables.State.CREATED);
      assertThat(Tables.prepare(connection, TABLE, true, sql.ddl()))
          .isEqualTo(Tables.State.PRESENT);
    }
  }

  private int insert(String consumer, String id, Instant at) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert = connection.prepareStatement(sql.insert())) {
      insert.setString(1, consumer);
      insert.setString(2, id);
      insert.setTimestamp(3, Timestamp.from(at));
      return insert.executeUpdate();
    }
  }

  private int rows() throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet count = statement.executeQuery("select count(*) from " + TABLE)) {
      count.next();
      return count.getInt(1);
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aMessageIdIsNewOncePerConsumer(Dialect dialect) throws SQLException {
    freshTable(dialect);
    Instant now = Instant.now();

    assertThat(insert("payments", "m-1", now)).isEqualTo(1);
    assertThat(insert("payments", "m-1", now)).isZero();
    assertThat(insert("refunds", "m-1", now)).isEqualTo(1);
    assertThat(rows()).isEqualTo(2);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theSweepDeletesEveryExpiredRowBatchByBatchAndKeepsTheYoungerOnes(Dialect dialect)
      throws SQLException {
    freshTable(dialect);
    Instant now = Instant.parse("2026-12-08T12:00:00Z");
    Duration retention = Duration.ofDays(7);
    int expired = 2 * InboxSweeper.BATCH + 500;
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert = connection.prepareStatement(sql.insert())) {
      for (int i = 0; i < expired; i++) {
        insert.setString(1, "payments");
        insert.setString(2, "old-" + i);
        insert.setTimestamp(3, Timestamp.from(now.minus(retention).minusSeconds(1 + i)));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    insert("payments", "young", now.minus(retention).plusSeconds(1));

    int deleted = new InboxSweeper(dataSource, "test", sql, retention).sweep(now);

    assertThat(deleted).isEqualTo(expired);
    assertThat(rows()).isEqualTo(1);
    // a swept id is new again
    assertThat(insert("payments", "old-0", now)).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theSweeperDeletesExpiredRowsOnAThreadOfItsOwnUntilStopped(Dialect dialect)
      throws SQLException {
    freshTable(dialect);
    Instant now = Instant.now();
    insert("payments", "old", now.minus(Duration.ofHours(1)));
    insert("payments", "fresh", now.plus(Duration.ofHours(1)));
    InboxSweeper sweeper = new InboxSweeper(dataSource, "test", sql, Duration.ofMinutes(30));

    sweeper.start(ThreadSource.plain());
    try {
      await().atMost(Duration.ofSeconds(10)).until(() -> rows() == 1);
    } finally {
      sweeper.stop();
    }
    assertThat(insert("payments", "fresh", now)).isZero();
  }
}
