package dev.warren.internal.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The outbox's settings, and the database settings it shares with the inbox; read once at
 * deployment. Immutable.
 *
 * @param dataSource the JNDI name of the application's JTA datasource ({@link #DATASOURCE}), empty
 *     when not set
 * @param table the outbox table ({@link #TABLE})
 * @param createTables whether Warren creates its tables when they are missing ({@link
 *     #CREATE_TABLES})
 * @param sweepInterval how often the relay looks for rows besides the nudges after commits ({@link
 *     #SWEEP_INTERVAL})
 */
public record OutboxSettings(
    Optional<String> dataSource, String table, boolean createTables, Duration sweepInterval) {

  /**
   * The JNDI name of the application's JTA datasource, where Warren keeps its tables (the outbox,
   * the inbox): {@code java:jboss/datasources/AppDS}, {@code jdbc/AppDS}.
   */
  public static final String DATASOURCE = "warren.datasource";

  /** Whether Warren creates its tables when they are missing (default {@code true}). */
  public static final String CREATE_TABLES = "warren.create-tables";

  /** The outbox table's name, optionally after a schema (default {@code warren_outbox}). */
  public static final String TABLE = "warren.outbox.table";

  /**
   * How often the relay looks for due rows without a nudge: rows a crash left, rows whose back-off
   * ended (default 5s).
   */
  public static final String SWEEP_INTERVAL = "warren.outbox.sweep-interval";

  /** The keys above, for {@link WarrenConfig#GLOBAL_KEYS}. */
  static final List<String> KEYS = List.of(DATASOURCE, CREATE_TABLES, TABLE, SWEEP_INTERVAL);

  static final String DEFAULT_TABLE = "warren_outbox";
  static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofSeconds(5);

  static OutboxSettings read(ConfigReader reader) {
    return new OutboxSettings(
        reader.raw(DATASOURCE).map(String::strip).filter(name -> !name.isEmpty()),
        reader.read(TABLE, DEFAULT_TABLE, OutboxSettings::parseTable),
        reader.read(CREATE_TABLES, true, WarrenConfig::parseBoolean),
        reader.read(
            SWEEP_INTERVAL,
            DEFAULT_SWEEP_INTERVAL,
            text -> WarrenConfig.positive(Durations.parse(text))));
  }

  /** A plain table name, optionally after a schema, as it goes into SQL. */
  static String parseTable(String text) {
    String name = text.strip();
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?")) {
      throw new IllegalArgumentException(
          "expected a plain table name (letters, digits, '_'), optionally after a schema: "
              + "'warren_outbox', 'app.warren_outbox'");
    }
    return name;
  }
}
