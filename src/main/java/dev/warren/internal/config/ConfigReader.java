package dev.warren.internal.config;

import dev.warren.internal.logging.StartupMessages;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Reads single keys of the application's config for {@link WarrenConfig}: a value that does not
 * parse becomes one problem line naming the key and the value (never the URI's, which may hold a
 * password), and the fallback is used. Deployment-time only, one per reading.
 */
final class ConfigReader {

  private static final List<String> CONNECTION_KEYS =
      List.of(
          WarrenConfig.URI,
          WarrenConfig.ADDRESSES,
          WarrenConfig.USERNAME,
          WarrenConfig.VIRTUAL_HOST,
          WarrenConfig.CONNECTION_NAME);

  private final Config config;
  private final Consumer<String> problems;
  private boolean connectionInvalid;

  /**
   * @param config the application's config
   * @param problems receives one line per invalid value
   */
  ConfigReader(Config config, Consumer<String> problems) {
    this.config = config;
    this.problems = problems;
  }

  /** Whether a connection setting was invalid when read. */
  boolean connectionInvalid() {
    return connectionInvalid;
  }

  /** Reports one problem line. */
  void problem(String line) {
    problems.accept(line);
  }

  /** The raw text of {@code key}, if set. */
  Optional<String> raw(String key) {
    return config.getOptionalValue(key, String.class);
  }

  /** {@code key}'s value parsed by {@code parse}; {@code fallback} when unset or invalid. */
  <T> T read(String key, T fallback, Function<String, T> parse) {
    Optional<String> raw = config.getOptionalValue(key, String.class);
    if (raw.isEmpty()) {
      return fallback;
    }
    try {
      return parse.apply(raw.get());
    } catch (IllegalArgumentException e) {
      if (CONNECTION_KEYS.contains(key)) {
        connectionInvalid = true;
      }
      String shown =
          key.equals(WarrenConfig.URI) ? "(not shown: it may hold a password)" : raw.get();
      problems.accept(StartupMessages.invalidConfig(key, shown, e.getMessage()));
      return fallback;
    }
  }

  /**
   * Every property name the application's config sources hold now; read from each source, since an
   * implementation may cache the names of the whole config.
   */
  Iterable<String> propertyNames() {
    Set<String> names = new TreeSet<>();
    for (ConfigSource source : config.getConfigSources()) {
      names.addAll(source.getPropertyNames());
    }
    return names;
  }
}
