package dev.warren.internal.config;

import static dev.warren.internal.config.WarrenConfig.CREATE_TABLES;
import static dev.warren.internal.config.WarrenConfig.DATASOURCE;
import static dev.warren.internal.config.WarrenConfig.INBOX_MISSING_ID;
import static dev.warren.internal.config.WarrenConfig.INBOX_RETENTION;
import static dev.warren.internal.config.WarrenConfig.INBOX_TABLE;

import java.util.regex.Pattern;

/** Reads {@link InboxSettings}, at deployment. */
final class InboxSettingsReader {

  private static final Pattern TABLE =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

  private InboxSettingsReader() {}

  static InboxSettings read(ConfigReader reader) {
    return new InboxSettings(
        reader.read(DATASOURCE, "", String::trim),
        reader.read(CREATE_TABLES, true, WarrenConfig::parseBoolean),
        reader.read(INBOX_TABLE, InboxSettings.DEFAULT_TABLE, InboxSettingsReader::tableName),
        reader.read(
            INBOX_RETENTION,
            InboxSettings.DEFAULT_RETENTION,
            text -> WarrenConfig.positive(Durations.parse(text))),
        reader.read(
            INBOX_MISSING_ID, InboxSettings.MissingId.REFUSE, InboxSettings.MissingId::parse));
  }

  /**
   * A table name as it goes into SQL: a plain identifier, optionally after a schema ({@code
   * app.warren_inbox}).
   */
  static String tableName(String text) {
    String name = text.trim();
    if (!TABLE.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "expected a table name of letters, digits and underscores, optionally after a schema"
              + " (app.warren_inbox)");
    }
    return name;
  }
}
