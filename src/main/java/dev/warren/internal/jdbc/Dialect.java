package dev.warren.internal.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/**
 * The databases Warren's tables are written for, and the column types that differ between them.
 * Both take rows with {@code SELECT ... FOR UPDATE SKIP LOCKED} (PostgreSQL 9.5+, MariaDB 10.6+).
 * Immutable.
 */
public enum Dialect {
  POSTGRESQL("PostgreSQL", "bigserial primary key", "bytea", "timestamp with time zone"),
  /** MariaDB, and MySQL 8 (same types and {@code SKIP LOCKED}), reached through either driver. */
  MARIADB("MariaDB", "bigint auto_increment primary key", "longblob", "timestamp(6)");

  private final String displayName;
  private final String identity;
  private final String binary;
  private final String timestamp;

  Dialect(String displayName, String identity, String binary, String timestamp) {
    this.displayName = displayName;
    this.identity = identity;
    this.binary = binary;
    this.timestamp = timestamp;
  }

  /**
   * The dialect of the database {@code metadata} describes, or empty when Warren has none for it.
   */
  public static Optional<Dialect> of(DatabaseMetaData metadata) throws SQLException {
    return of(metadata.getDatabaseProductName());
  }

  /** The dialect of a database product name as JDBC drivers report it, or empty. */
  public static Optional<Dialect> of(String productName) {
    String name = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
    if (name.contains("postgresql")) {
      return Optional.of(POSTGRESQL);
    }
    if (name.contains("mariadb") || name.contains("mysql")) {
      return Optional.of(MARIADB);
    }
    return Optional.empty();
  }

  /** The name for messages and docs. */
  public String displayName() {
    return displayName;
  }

  /** An increasing 64-bit key column's type and constraint: {@code bigserial primary key}. */
  public String identity() {
    return identity;
  }

  /** The type of a column of bytes. */
  public String binary() {
    return binary;
  }

  /** The type of a point in time column, to the microsecond. */
  public String timestamp() {
    return timestamp;
  }
}
