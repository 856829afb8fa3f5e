package dev.warren.internal.outbox;

import dev.warren.internal.jdbc.Dialect;
import java.util.List;

/**
 * The outbox table's SQL for one table name and dialect: its DDL (the same as in {@code
 * docs/transactions.md}) and the statements of the writer and the relay. Times are the JVM's clock,
 * written as JDBC timestamps. Immutable.
 */
final class OutboxTable {

  /** The longest {@code last_error} kept. */
  static final int ERROR_LENGTH = 1000;

  private final String name;
  private final Dialect dialect;

  OutboxTable(String name, Dialect dialect) {
    this.name = name;
    this.dialect = dialect;
  }

  String name() {
    return name;
  }

  Dialect dialect() {
    return dialect;
  }

  /** Creates the table when it is missing. */
  List<String> ddl() {
    return List.of(ddl(name, dialect));
  }

  /** The {@code CREATE TABLE} statement for {@code table} in {@code dialect}. */
  static String ddl(String table, Dialect dialect) {
    return switch (dialect) {
      case POSTGRESQL ->
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (\n"
              + "  id bigserial PRIMARY KEY,\n"
              + "  message_id varchar(255) NOT NULL,\n"
              + "  exchange varchar(255) NOT NULL,\n"
              + "  routing_key varchar(255) NOT NULL,\n"
              + "  mandatory boolean NOT NULL,\n"
              + "  properties bytea NOT NULL,\n"
              + "  body bytea NOT NULL,\n"
              + "  created_at timestamp with time zone NOT NULL,\n"
              + "  attempts integer NOT NULL DEFAULT 0,\n"
              + "  next_attempt_at timestamp with time zone NOT NULL,\n"
              + "  last_error varchar(1000)\n"
              + ")";
      case MARIADB ->
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (\n"
              + "  id bigint AUTO_INCREMENT PRIMARY KEY,\n"
              + "  message_id varchar(255) NOT NULL,\n"
              + "  exchange varchar(255) NOT NULL,\n"
              + "  routing_key varchar(255) NOT NULL,\n"
              + "  mandatory boolean NOT NULL,\n"
              + "  properties blob NOT NULL,\n"
              + "  body longblob NOT NULL,\n"
              + "  created_at timestamp(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),\n"
              + "  attempts integer NOT NULL DEFAULT 0,\n"
              + "  next_attempt_at timestamp(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),\n"
              + "  last_error varchar(1000)\n"
              + ")";
    };
  }

  /** Parameters: message id, exchange, routing key, mandatory, properties, body, now, now. */
  String insert() {
    return "INSERT INTO "
        + name
        + " (message_id, exchange, routing_key, mandatory, properties, body, created_at,"
        + " attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)";
  }

  /** Due rows in id order, locked, skipping rows another relay holds. Parameters: now, how many. */
  String takeDue() {
    return "SELECT id, message_id, exchange, routing_key, mandatory, properties, body, attempts"
        + " FROM "
        + name
        + " WHERE next_attempt_at <= ? ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED";
  }

  /** Parameter: the id. */
  String delete() {
    return "DELETE FROM " + name + " WHERE id = ?";
  }

  /** Parameters: next attempt, last error, id. */
  String failed() {
    return "UPDATE "
        + name
        + " SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?";
  }

  /** How many rows, the oldest's creation, how many have failed at least once. */
  String stats() {
    return "SELECT count(*), min(created_at), coalesce(sum(CASE WHEN attempts > 0 THEN 1 ELSE 0"
        + " END), 0) FROM "
        + name;
  }
}
