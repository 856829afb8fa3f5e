package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Warren's readiness and liveness checks through SmallRye Health's reporter (what a server's
 * /health/ready and /health/live return), on a RabbitMQ node of the test's own (node 15, port 5695;
 * {@code -Dwarren.it.health.node}) so that the broker can go away.
 */
@Tag("container")
@Tag("own-node")
@Tag("observability")
class HealthIT {

  static final String ORDERS = "warren.it.health.orders";
  static final String FATAL = "warren.it.health.fatal";
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.health.node", 15));

  WeldContainer container;

  @BeforeAll
  static void startNode() {
    NODE.start();
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @BeforeEach
  void config() {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
  }

  @ApplicationScoped
  public static class Orders {
    @RabbitConsumer(queue = ORDERS)
    public Outcome order(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Fatal {
    @RabbitConsumer(queue = FATAL)
    public Outcome handle(String body) {
      throw new AssertionError("invariant broken for " + body);
    }
  }

  void deploy(Class<?>... consumers) {
    container =
        WeldSe.start(
            Stream.concat(Arrays.stream(consumers), Arrays.stream(HealthReports.BEANS))
                .toArray(Class<?>[]::new));
  }

  String readiness() {
    return HealthReports.readiness(container);
  }

  String liveness() {
    return HealthReports.liveness(container);
  }

  @Test
  void upWhileConsumingWithEachConsumersStateAndCounts() {
    deploy(Orders.class);

    await().atMost(Duration.ofSeconds(10)).until(() -> readiness().contains("\"status\":\"UP\""));
    assertThat(readiness())
        .contains("\"name\":\"warren\"")
        .contains("\"connection\":\"open\"")
        .contains("\"consumer." + ORDERS + "\":\"consuming\"")
        .contains("\"consumer." + ORDERS + ".in-flight\":0")
        .contains("\"publisher.unconfirmed\":0");
    assertThat(liveness()).contains("\"status\":\"UP\"").contains("\"name\":\"warren\"");
  }

  @Test
  void readinessIsDownWhileTheBrokerIsAwayAndUpAgainAfter() {
    deploy(Orders.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> readiness().contains("\"status\":\"UP\""));

    NODE.stopApp();
    try {
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> readiness().contains("\"status\":\"DOWN\""));
      assertThat(readiness()).contains("\"connection\":\"closed\"");
      // the broker being away is nothing a restart would fix
      assertThat(liveness()).contains("\"status\":\"UP\"");
    } finally {
      NODE.startApp();
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> readiness().contains("\"status\":\"UP\""));
    assertThat(readiness()).contains("\"consumer." + ORDERS + "\":\"consuming\"");
  }

  @Test
  void readinessIsDownAfterTheConsumersQueueIsDeletedAndUpOnceItIsBack() {
    deploy(Orders.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> readiness().contains("\"status\":\"UP\""));

    NODE.ctl("delete_queue", ORDERS);

    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              String ready = readiness();
              return ready.contains("\"consumer." + ORDERS + "\":\"waiting-for-queue\"")
                  && ready.contains("\"status\":\"DOWN\"");
            });
    assertThat(liveness()).contains("\"status\":\"UP\"");

    // Warren owns the queue (declare-topology): it declares it again and subscribes again
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> readiness().contains("\"consumer." + ORDERS + "\":\"consuming\""));
    assertThat(readiness()).contains("\"status\":\"UP\"");
  }

  @Test
  void livenessIsDownAfterAnErrorStopsAConsumer() throws Exception {
    deploy(Orders.class, Fatal.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> readiness().contains("\"status\":\"UP\""));

    container
        .select(Publisher.class)
        .get()
        .publish("", FATAL, "order-9")
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);

    await().atMost(Duration.ofSeconds(10)).until(() -> liveness().contains("\"status\":\"DOWN\""));
    assertThat(liveness())
        .contains("\"consumer." + FATAL + "\":\"stopped\"")
        .doesNotContain("\"consumer." + ORDERS + "\"");
    assertThat(readiness())
        .contains("\"status\":\"DOWN\"")
        .contains("\"consumer." + ORDERS + "\":\"consuming\"");
  }
}
