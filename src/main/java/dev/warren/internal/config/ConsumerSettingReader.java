package dev.warren.internal.config;

import static dev.warren.internal.config.WarrenConfig.CONSUMERS_PREFIX;
import static dev.warren.internal.config.WarrenConfig.DEFAULTS;

import dev.warren.internal.config.WarrenConfig.Setting;
import dev.warren.internal.logging.StartupMessages;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves one per-consumer setting: {@code warren.consumers.<name>.<key>}, then {@code
 * warren.consumers.defaults.<key>}, then the annotation's value, saying where the value came from.
 * Deployment-time only.
 */
final class ConsumerSettingReader {

  private ConsumerSettingReader() {}

  /** The setting {@code key} of consumer {@code consumer}; an invalid value is a problem. */
  static <T> Setting<T> read(
      ConfigReader config,
      String consumer,
      String key,
      T annotationValue,
      Function<String, T> parse) {
    for (String scope : List.of(consumer, DEFAULTS)) {
      String fullKey = CONSUMERS_PREFIX + scope + "." + key;
      Optional<String> raw = config.raw(fullKey);
      if (raw.isPresent()) {
        try {
          return new Setting<>(parse.apply(raw.get()), "'" + fullKey + "'");
        } catch (IllegalArgumentException e) {
          config.problem(StartupMessages.invalidConfig(fullKey, raw.get(), e.getMessage()));
          return new Setting<>(annotationValue, "@RabbitConsumer");
        }
      }
    }
    return new Setting<>(annotationValue, "@RabbitConsumer");
  }
}
