package dev.warren.test;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The settings a running kit adds (ordinal 1000: above system properties and the application's
 * {@code microprofile-config.properties}); empty while no kit runs. Registered as a service, so
 * MicroProfile Config finds it however the test runs.
 */
public final class KitConfigSource implements ConfigSource {

  private static volatile Map<String, String> values = Map.of();

  /** What the running kit sets; an empty map when it stops. */
  static void use(Map<String, String> settings) {
    values = Map.copyOf(settings);
  }

  @Override
  public Set<String> getPropertyNames() {
    return values.keySet();
  }

  @Override
  public String getValue(String propertyName) {
    return values.get(propertyName);
  }

  @Override
  public String getName() {
    return "warren-test-kit";
  }

  @Override
  public int getOrdinal() {
    return 1000;
  }
}
