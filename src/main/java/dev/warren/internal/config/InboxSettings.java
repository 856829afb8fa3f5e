package dev.warren.internal.config;

import java.time.Duration;
import java.util.Locale;

/**
 * The inbox of {@code @Idempotent} consumers, read once at deployment.
 *
 * @param dataSource the JNDI name of the application's JTA datasource ({@code warren.datasource}),
 *     {@code ""} when not set
 * @param createTables whether Warren creates the table when it is missing
 * @param table the inbox table
 * @param retention how long a row is kept: a message id seen again later is handled again
 * @param missingId what a delivery without a message id comes to
 */
public record InboxSettings(
    String dataSource,
    boolean createTables,
    String table,
    Duration retention,
    MissingId missingId) {

  /** The default of {@code warren.inbox.table}. */
  public static final String DEFAULT_TABLE = "warren_inbox";

  /** The default of {@code warren.inbox.retention}. */
  public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

  /** What an {@code @Idempotent} consumer does with a delivery that has no message id. */
  public enum MissingId {
    /** The delivery is not handled: dropped with an error. */
    REFUSE,
    /** The SHA-256 of the body, in hex, is its id. */
    BODY;

    static MissingId parse(String text) {
      return switch (text.trim().toLowerCase(Locale.ROOT)) {
        case "refuse" -> REFUSE;
        case "body" -> BODY;
        default -> throw new IllegalArgumentException("expected refuse or body");
      };
    }

    /** As written in config. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
