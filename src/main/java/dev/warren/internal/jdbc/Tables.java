package dev.warren.internal.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether one of Warren's tables is there, and creating it when it is missing and creation is on.
 * Runs once at deployment, on the deploying thread, outside any transaction (so each DDL statement
 * commits by itself).
 */
public final class Tables {

  /** What {@link #prepare} found or did. */
  public enum State {
    /** The table was there. */
    PRESENT,
    /** The table was missing and is created now. */
    CREATED,
    /** The table is missing and creation is off. */
    MISSING
  }

  private static final Pattern NAME =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

  private Tables() {}

  /**
   * Whether {@code table} can go into SQL as written: a plain identifier, optionally after a schema
   * ({@code app.warren_outbox}); letters, digits and underscores, not starting with a digit.
   */
  public static boolean validName(String table) {
    return table != null && NAME.matcher(table).matches();
  }

  /**
   * Whether {@code table} (a {@linkplain #validName valid name}, optionally schema-qualified)
   * exists, as written, in lower case (PostgreSQL folds unquoted names so) or in upper case.
   */
  public static boolean exists(Connection connection, String table) throws SQLException {
    String schema = null;
    String name = table;
    int dot = table.indexOf('.');
    if (dot >= 0) {
      schema = table.substring(0, dot);
      name = table.substring(dot + 1);
    }
    DatabaseMetaData metadata = connection.getMetaData();
    for (String candidate :
        List.of(name, name.toLowerCase(Locale.ROOT), name.toUpperCase(Locale.ROOT))) {
      boolean found =
          schema == null
              ? found(metadata, connection.getCatalog(), null, candidate)
              // MariaDB calls its databases catalogs, PostgreSQL its schemas schemas: try both
              : found(metadata, schema, null, candidate)
                  || found(metadata, null, schema, candidate);
      if (found) {
        return true;
      }
    }
    return false;
  }

  private static boolean found(
      DatabaseMetaData metadata, String catalog, String schema, String name) throws SQLException {
    try (ResultSet tables = metadata.getTables(catalog, schema, name, null)) {
      while (tables.next()) {
        if (name.equals(tables.getString("TABLE_NAME"))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Makes sure {@code table} exists: {@link State#PRESENT} when it does; else, with {@code create},
   * runs {@code ddl} (each statement by itself, written with {@code IF NOT EXISTS} so that two
   * instances starting together both succeed) and gives {@link State#CREATED}; else {@link
   * State#MISSING}.
   *
   * @throws SQLException when the metadata cannot be read or a statement fails (no right to create
   *     tables, for one); a failure is ignored when the table exists afterwards (another instance
   *     made it meanwhile)
   */
  public static State prepare(Connection connection, String table, boolean create, List<String> ddl)
      throws SQLException {
    if (exists(connection, table)) {
      return State.PRESENT;
    }
    if (!create) {
      return State.MISSING;
    }
    try (Statement statement = connection.createStatement()) {
      for (String sql : ddl) {
        statement.execute(sql);
      }
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
    } catch (SQLException e) {
      if (!exists(connection, table)) {
        throw e;
      }
    }
    return State.CREATED;
  }
}
