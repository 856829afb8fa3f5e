package dev.warren.it.support;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * A MicroProfile config source that tests fill before their deployment and empty afterwards
 * (registered through {@code META-INF/services}). Its values win over every other source. When the
 * build names the test broker's port ({@value Broker#PORT_PROPERTY}) and a test does not set it,
 * {@code warren.uri} is the test broker's ({@link Broker#uri()}); otherwise it is left to the other
 * sources, so that {@code -Dwarren.uri} still moves the demo and the benchmark, which share this
 * class path.
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
    if (brokerNamed()) {
      values.putIfAbsent(URI, Broker.uri());
    }
    return Map.copyOf(values);
  }

  private static boolean brokerNamed() {
    return System.getProperty(Broker.PORT_PROPERTY) != null;
  }

  @Override
  public Set<String> getPropertyNames() {
    return getProperties().keySet();
  }

  @Override
  public String getValue(String propertyName) {
    String value = VALUES.get(propertyName);
    return value == null && URI.equals(propertyName) && brokerNamed() ? Broker.uri() : value;
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
