package dev.warren.it.observability;

import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code warren.telemetry.enabled=false}: with the application's {@code OpenTelemetry} bean there,
 * Warren reports no span and writes no trace context into the messages it publishes.
 */
@Tag("observability")
class TelemetryDisabledIT {

  static final String QUEUE = "warren.it.traces.disabled";

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @Test
  void disabledTelemetryReportsNothingAndWritesNoHeader() throws Exception {
    Broker.get().queue(QUEUE);
    TestConfig.set("warren.telemetry.enabled", "false");
    try (WeldContainer container = WeldSe.start(InMemoryOpenTelemetry.class)) {
      TraceChecks.publishedWithoutTrace(container, QUEUE);
    }
  }
}
