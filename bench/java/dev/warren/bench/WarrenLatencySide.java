package dev.warren.bench;

import dev.warren.it.support.TestConfig;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Warren's latency side: a Weld SE container with {@link LatencyConsumer}, pointed at the run's
 * queue (and its type) by configuration; closing the container shuts Warren down gracefully.
 */
final class WarrenLatencySide implements LatencySide {

  @Override
  public String label() {
    return "Warren";
  }

  @Override
  public AutoCloseable start(BenchBroker broker, String queue, boolean quorum, Arrivals arrivals) {
    Arrivals.current = arrivals;
    TestConfig.set("warren.consumers." + LatencyConsumer.NAME + ".queue", queue);
    if (quorum) {
      TestConfig.set("warren.consumers." + LatencyConsumer.NAME + ".queue-type", "quorum");
    }
    WeldContainer container;
    try {
      container = WeldBoot.withWarren(LatencyConsumer.class);
    } catch (RuntimeException e) {
      TestConfig.clear();
      throw e;
    }
    return () -> {
      try {
        container.close();
      } finally {
        TestConfig.clear();
      }
    };
  }
}
