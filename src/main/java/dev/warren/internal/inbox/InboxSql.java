package dev.warren.internal.inbox;

import dev.warren.internal.jdbc.Dialect;
import java.util.List;

/**
 * The inbox table's SQL in one database's dialect: the insert that says whether a message id is
 * new, the DDL, and the sweep's delete of one batch of expired rows. Pure; the table name is
 * checked at deployment ({@code warren.inbox.table}).
 *
 * @param dialect the database
 * @param table the table, optionally after a schema
 */
public record InboxSql(Dialect dialect, String table) {

  /** The longest message id and consumer name: AMQP's short strings are at most 255 bytes. */
  static final int KEY_LENGTH = 255;

  /**
   * Inserts {@code (consumer, message_id, received_at)} unless the key is there: one row updated
   * when it is new, none when it is recorded already. A concurrent transaction's uncommitted row of
   * the same key makes the database wait for that transaction's end.
   */
  public String insert() {
    return switch (dialect) {
      case POSTGRESQL ->
          "insert into "
              + table
              + " (consumer, message_id, received_at) values (?, ?, ?) on conflict do nothing";
      case MARIADB ->
          "insert ignore into " + table + " (consumer, message_id, received_at) values (?, ?, ?)";
    };
  }

  /** Creates the table and its index on {@code received_at}, each if it is not there. */
  public List<String> ddl() {
    String simple = table.substring(table.indexOf('.') + 1);
    return List.of(
        "create table if not exists "
            + table
            + " (consumer varchar("
            + KEY_LENGTH
            + ") not null, message_id varchar("
            + KEY_LENGTH
            + ") not null, received_at "
            + dialect.timestamp()
            + " not null, primary key (consumer, message_id))",
        "create index if not exists " + simple + "_received_at on " + table + " (received_at)");
  }

  /** Deletes up to {@code ?2} rows received before {@code ?1}. */
  public String sweep() {
    return switch (dialect) {
      case POSTGRESQL ->
          "delete from "
              + table
              + " where ctid in (select ctid from "
              + table
              + " where received_at < ? limit ?)";
      case MARIADB -> "delete from " + table + " where received_at < ? limit ?";
    };
  }
}
