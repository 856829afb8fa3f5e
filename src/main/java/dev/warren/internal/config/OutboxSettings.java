package dev.warren.internal.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The outbox's settings, with the ones it shares with the inbox ({@link TableSettings}); read once
 * at deployment. Immutable.
 *
 * @param dataSource the JNDI name of the application's JTA datasource ({@code warren.datasource}),
 *     empty when not set
 * @param table the outbox table ({@link #TABLE})
 * @param createTables whether Warren creates its tables when they are missing ({@code
 *     warren.create-tables})
 * @param sweepInterval how often the relay looks for rows besides the nudges after commits ({@link
 *     #SWEEP_INTERVAL})
 */
public record OutboxSettings(
    Optional<String> dataSource, String table, boolean createTables, Duration sweepInterval) {

  /** The outbox table's name, optionally after a schema (default {@code warren_outbox}). */
  public static final String TABLE = "warren.outbox.table";

  /**
   * How often the relay looks for due rows without a nudge: rows a crash left, rows whose back-off
   * ended (default 5s).
   */
  public static final String SWEEP_INTERVAL = "warren.outbox.sweep-interval";

  /** The keys above, for {@link WarrenConfig#GLOBAL_KEYS}. */
  static final List<String> KEYS = List.of(TABLE, SWEEP_INTERVAL);

  static final String DEFAULT_TABLE = "warren_outbox";
  static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofSeconds(5);

  static OutboxSettings read(ConfigReader reader) {
    return new OutboxSettings(
        TableSettings.dataSource(reader),
        reader.read(TABLE, DEFAULT_TABLE, TableSettings::tableName),
        TableSettings.createTables(reader),
        reader.read(
            SWEEP_INTERVAL,
            DEFAULT_SWEEP_INTERVAL,
            text -> WarrenConfig.positive(Durations.parse(text))));
  }
}
