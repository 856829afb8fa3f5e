package dev.warren.it.observability;

import static dev.warren.it.support.Tools.someThreadIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Readiness and liveness answer from state while a broker call waits for a broker that does not
 * answer: a memory alarm ({@code set_vm_memory_high_watermark 0}) blocks the publishing connection,
 * and the publisher's first message then waits in {@code channel.open} (up to the client's RPC
 * timeout, 10 minutes) holding the publisher's lock. A probe that waited behind it would get a pod
 * restarted during the alarm. On a RabbitMQ node of the test's own (node 25, port 5705; {@code
 * -Dwarren.it.health-blocked.node}).
 */
@Tag("own-node")
@Tag("observability")
class HealthBlockedBrokerIT {

  static final String ORDERS = "warren.it.health-blocked.orders";
  static final String NOWHERE = "warren.it.health-blocked.nowhere";
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.health-blocked.node", 25));

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
    TestConfig.set("warren.shutdown-timeout", "1s");
  }

  @AfterEach
  void undeploy() {
    NODE.ctl("set_vm_memory_high_watermark", "0.4"); // the broker answers again
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

  @Test
  void probesAnswerWhileThePublisherWaitsForABlockedBroker() throws Exception {
    container =
        WeldSe.start(
            Stream.concat(Stream.of(Orders.class), Arrays.stream(HealthReports.BEANS))
                .toArray(Class<?>[]::new));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> HealthReports.readiness(container).contains("\"status\":\"UP\""));
    assertThat(HealthReports.liveness(container)).contains("\"status\":\"UP\"");

    // the publishing connection (the injected one) publishes during the alarm: blocked
    Connection connection = container.select(Connection.class).get();
    Channel raw = connection.createChannel();
    assertThat(NODE.block(connection, raw, 20)).as("the connection is blocked").isTrue();

    // the publisher's first message opens its channel: a channel.open the broker never answers
    Publisher publisher = container.select(Publisher.class).get();
    CompletableFuture.runAsync(() -> publisher.publish("", ORDERS, "order-1"));
    await().atMost(Duration.ofSeconds(10)).until(() -> someThreadIn("ConfirmingPublisher.tracker"));

    String readiness = within(Duration.ofSeconds(1), () -> HealthReports.readiness(container));
    assertThat(readiness).contains("\"publisher.unconfirmed\":0");
    String liveness = within(Duration.ofSeconds(1), () -> HealthReports.liveness(container));
    assertThat(liveness).contains("\"status\":\"UP\"");
  }

  static String within(Duration bound, java.util.function.Supplier<String> probe) throws Exception {
    CompletableFuture<String> answer = CompletableFuture.supplyAsync(probe);
    try {
      return answer.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("the probe did not answer within " + bound, e);
    }
  }
}
