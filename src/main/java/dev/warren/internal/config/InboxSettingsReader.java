package dev.warren.internal.config;

import java.util.List;

/** Reads {@link InboxSettings}, at deployment. */
final class InboxSettingsReader {

  /** The inbox table of {@code @Idempotent} consumers (default {@code warren_inbox}). */
  static final String TABLE = "warren.inbox.table";

  /** How long the inbox remembers a message id (default {@code 7d}); older rows are deleted. */
  static final String RETENTION = "warren.inbox.retention";

  /**
   * An {@code @Idempotent} consumer's delivery without message id: {@code refuse} or {@code body}.
   */
  static final String MISSING_ID = "warren.inbox.missing-id";

  /** The keys above, for {@link WarrenConfig#GLOBAL_KEYS}. */
  static final List<String> KEYS = List.of(TABLE, RETENTION, MISSING_ID);

  private InboxSettingsReader() {}

  static InboxSettings read(ConfigReader reader) {
    return new InboxSettings(
        TableSettings.dataSource(reader).orElse(""),
        TableSettings.createTables(reader),
        reader.read(TABLE, InboxSettings.DEFAULT_TABLE, TableSettings::tableName),
        reader.read(
            RETENTION,
            InboxSettings.DEFAULT_RETENTION,
            text -> WarrenConfig.positive(Durations.parse(text))),
        reader.read(MISSING_ID, InboxSettings.MissingId.REFUSE, InboxSettings.MissingId::parse));
  }
}
