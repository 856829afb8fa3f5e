package dev.warren.internal.ee;

/**
 * Whether an optional API (OpenTelemetry, MicroProfile Health) is on the application's class path,
 * asked before any class that names it is loaded.
 */
public final class OptionalApis {

  /** The MicroProfile Health API. */
  public static final String HEALTH = "org.eclipse.microprofile.health.HealthCheck";

  /** The OpenTelemetry API. */
  public static final String OPENTELEMETRY = "io.opentelemetry.api.OpenTelemetry";

  private OptionalApis() {}

  /** Whether {@code className} can be loaded where Warren is (the application's class path). */
  public static boolean present(String className) {
    try {
      Class.forName(className, false, OptionalApis.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
