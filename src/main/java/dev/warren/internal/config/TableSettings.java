package dev.warren.internal.config;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the outbox and the inbox share: the datasource their tables live in, whether Warren creates
 * them, and how a table may be named.
 */
final class TableSettings {

  /**
   * The JNDI name of the application's JTA datasource, where Warren keeps its tables (the outbox,
   * the inbox): {@code java:jboss/datasources/AppDS}, {@code jdbc/AppDS}.
   */
  static final String DATASOURCE = "warren.datasource";

  /** Whether Warren creates its tables when they are missing (default {@code true}). */
  static final String CREATE_TABLES = "warren.create-tables";

  /** The keys above, for {@link WarrenConfig#GLOBAL_KEYS}. */
  static final List<String> KEYS = List.of(DATASOURCE, CREATE_TABLES);

  private static final Pattern TABLE =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

  private TableSettings() {}

  /** {@link #DATASOURCE}, empty when not set or blank. */
  static Optional<String> dataSource(ConfigReader reader) {
    return reader.raw(DATASOURCE).map(String::strip).filter(name -> !name.isEmpty());
  }

  /** {@link #CREATE_TABLES}. */
  static boolean createTables(ConfigReader reader) {
    return reader.read(CREATE_TABLES, true, WarrenConfig::parseBoolean);
  }

  /**
   * A table name as it goes into SQL: a plain identifier, optionally after a schema ({@code
   * app.warren_outbox}).
   */
  static String tableName(String text) {
    String name = text.strip();
    if (!TABLE.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "expected a table name of letters, digits and underscores, optionally after a schema"
              + " (app.warren_outbox)");
    }
    return name;
  }
}
