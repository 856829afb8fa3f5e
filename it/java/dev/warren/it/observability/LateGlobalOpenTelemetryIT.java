package dev.warren.it.observability;

import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: with no {@code OpenTelemetry} bean and no global yet, Warren called {@code
 * GlobalOpenTelemetry.get()} at deployment, which installs the no-op as the global: an application
 * that registered its SDK after the container started failed with {@code IllegalStateException},
 * and Warren never traced. Now Warren sets no global, and picks up the SDK registered later: its
 * publishes and the deliveries of a consumer started before are traced. The global is the JVM's: it
 * is reset before and after, so that the other ITs of this run see none. The checks are in {@link
 * LateGlobalChecks}: this class names no OpenTelemetry type.
 */
@Tag("container")
@Tag("observability")
class LateGlobalOpenTelemetryIT {

  static final String QUEUE = "warren.it.traces.late-global";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Handlers.SEEN.clear();
    LateGlobalChecks.reset(); // what an earlier test (or an earlier Warren) may have registered
    Broker.get().queue(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    LateGlobalChecks.reset();
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class Handlers {
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      SEEN.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void anSdkRegisteredAsTheGlobalAfterWarrenStartedCanBeRegisteredAndIsUsed() throws Exception {
    try (WeldContainer container = WeldSe.start(Handlers.class)) {
      Publisher publisher = container.select(Publisher.class).get();
      publisher.publish("", QUEUE, "before").toCompletableFuture().get(10, TimeUnit.SECONDS);
      await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.SEEN.contains("before"));

      LateGlobalChecks.registerTheSdkAndSeeTraces(publisher, QUEUE);
    }
  }
}
