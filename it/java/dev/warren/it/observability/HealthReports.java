package dev.warren.it.observability;

import io.smallrye.health.AsyncHealthCheckFactory;
import io.smallrye.health.SmallRyeHealthReporter;
import io.smallrye.health.registry.HealthRegistries;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * SmallRye Health's reporter, as a server's health endpoint calls it; kept apart from the test
 * classes so that they name no Health type (see {@link TraceChecks}).
 */
final class HealthReports {

  /** The bean classes SmallRye Health needs in a Weld SE deployment without discovery. */
  static final Class<?>[] BEANS = {
    SmallRyeHealthReporter.class, AsyncHealthCheckFactory.class, HealthRegistries.class
  };

  private HealthReports() {}

  /** The readiness endpoint's JSON. */
  static String readiness(WeldContainer container) {
    return container
        .select(SmallRyeHealthReporter.class)
        .get()
        .getReadiness()
        .getPayload()
        .toString();
  }

  /** The liveness endpoint's JSON. */
  static String liveness(WeldContainer container) {
    return container
        .select(SmallRyeHealthReporter.class)
        .get()
        .getLiveness()
        .getPayload()
        .toString();
  }
}
