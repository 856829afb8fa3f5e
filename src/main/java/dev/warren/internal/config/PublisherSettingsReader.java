package dev.warren.internal.config;

import static dev.warren.internal.config.WarrenConfig.DEFAULT_CONFIRM_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_MAX_IN_FLIGHT;
import static dev.warren.internal.config.WarrenConfig.MAX_NACK_REPUBLISHES;
import static dev.warren.internal.config.WarrenConfig.PUBLISHER_CONFIRM_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.PUBLISHER_MAX_IN_FLIGHT;
import static dev.warren.internal.config.WarrenConfig.PUBLISHER_NACK_REPUBLISHES;
import static dev.warren.internal.config.WarrenConfig.between;
import static dev.warren.internal.config.WarrenConfig.positive;

import java.time.Duration;

/** Reads the publisher's settings ({@code warren.publisher.*}). Deployment-time only. */
final class PublisherSettingsReader {

  private PublisherSettingsReader() {}

  static PublisherSettings read(ConfigReader config) {
    Duration confirmTimeout =
        config.read(
            PUBLISHER_CONFIRM_TIMEOUT,
            DEFAULT_CONFIRM_TIMEOUT,
            text -> positive(Durations.parse(text)));
    int maxInFlight =
        config.read(
            PUBLISHER_MAX_IN_FLIGHT,
            DEFAULT_MAX_IN_FLIGHT,
            text -> between(text, 1, Integer.MAX_VALUE));
    int republishes =
        config.read(PUBLISHER_NACK_REPUBLISHES, 0, text -> between(text, 0, MAX_NACK_REPUBLISHES));
    return new PublisherSettings(confirmTimeout, maxInFlight, republishes);
  }
}
