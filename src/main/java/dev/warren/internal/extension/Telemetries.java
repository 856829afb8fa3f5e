package dev.warren.internal.extension;

import dev.warren.internal.ee.OptionalApis;
import dev.warren.internal.logging.TelemetryMessages;
import dev.warren.internal.telemetry.Telemetry;
import dev.warren.internal.telemetry.otel.OtelTelemetry;
import jakarta.enterprise.inject.spi.BeanManager;
import java.util.logging.Logger;

/**
 * Chooses the runtime's telemetry at deployment: OpenTelemetry when its API is on the class path
 * and {@code warren.telemetry.enabled} is not {@code false}, else {@link Telemetry#NONE}. The
 * OpenTelemetry classes are loaded only after the API was found, so that an application without it
 * never loads them.
 */
public final class Telemetries {

  private static final Logger LOG = Logger.getLogger(Telemetries.class.getName());

  private Telemetries() {}

  /**
   * @param enabled {@code warren.telemetry.enabled}
   * @param beanManager where the application's {@code OpenTelemetry} bean is looked up
   */
  public static Telemetry resolve(boolean enabled, BeanManager beanManager) {
    if (!enabled || !OptionalApis.present(OptionalApis.OPENTELEMETRY)) {
      return Telemetry.NONE;
    }
    try {
      return OtelTelemetry.of(beanManager);
    } catch (RuntimeException | LinkageError e) {
      // an API too old or broken: Warren runs on, without telemetry, and says so
      TelemetryMessages.telemetryUnavailable(LOG, e.toString());
      return Telemetry.NONE;
    }
  }
}
