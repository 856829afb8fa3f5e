package dev.warren.it.support;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * A MicroProfile config source that tests fill before their deployment and empty afterwards
 * (registered through {@code META-INF/services}). Its values win over every other source. Unless a
 * test sets it, {@code warren.uri} is the test broker's ({@link Broker#uri()}).
 */
public final class TestConfig implements ConfigSource {

  private static final String URI = "warren.uri";
  private static final Map<String, String> VALUES = new ConcurrentHashMap<>();

  /** Sets {@code key} for the deployments that follow, until {@link #clear()}. */
  public static void set(String key, String value) {
    VALUES.put(key, value);
  }

  /** Removes every value a test set. */
  public static void clear() {
    VALUES.clear();
  }

  @Override
  public Map<String, String> getProperties() {
    Map<String, String> values = new HashMap<>(VALUES);
    values.putIfAbsent(URI, Broker.uri());
    return Map.copyOf(values);
  }

  @Override
  public Set<String> getPropertyNames() {
    return getProperties().keySet();
  }

  @Override
  public String getValue(String propertyName) {
    String value = VALUES.get(propertyName);
    return value == null && URI.equals(propertyName) ? Broker.uri() : value;
  }

  @Override
  public String getName() {
    return "warren-it";
  }

  @Override
  public int getOrdinal() {
    return 1000;
  }
}
