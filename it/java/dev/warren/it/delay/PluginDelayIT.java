package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * retryAfter with Delay.PLUGIN_DME. The test broker has no delayed-message plugin: the
 * plugin-absent deployment error is tested for real, and the copy's frames are tested against a
 * plain exchange standing in for the delayed one. The full path runs only against a broker with the
 * plugin, named by WARREN_IT_PLUGIN_URI. Without the plugin RabbitMQ 3.x closes the declaring
 * connection (503) and 4.x only its channel (406); Warren reports WARREN-026 on both.
 */
class PluginDelayIT {

  static final String QUEUE = "warren.it.delay.plugin";
  static final String HEALTHY = "warren.it.delay.plugin.healthy";
  static final String STAND_IN = "warren.it.delay.plugin.stand-in";
  static final String CAPTURE = "warren.it.delay.plugin.capture";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Handlers.SEEN.clear();
    Broker.get().queue(QUEUE).queue(HEALTHY).queue(CAPTURE);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class Delayed {
    @RabbitConsumer(queue = QUEUE, delay = Delay.PLUGIN_DME)
    public Outcome handle(String body, Delivery delivery) {
      Handlers.SEEN.add(body + ":" + delivery.attempt());
      return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(1500)) : Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Handlers {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = HEALTHY)
    public Outcome handle(String body) {
      SEEN.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void withoutThePluginDeploymentFailsSayingSoAndHarmsNoOtherConnection() {
    try (WeldContainer healthy = WeldSe.start(Handlers.class)) {
      Connection healthyConnection = healthy.select(Connection.class).get();
      TestConfig.set("warren.declare-topology", "true");
      String failure = WeldSe.deploymentFailure(Delayed.class);
      assertThat(failure)
          .contains("WARREN-026", "x-delayed-message", "rabbitmq_delayed_message_exchange")
          .contains(Delayed.class.getName() + "#handle");
      // the probe's connection died, no other: the running service still consumes
      assertThat(healthyConnection.isOpen()).isTrue();
      Broker.get().publish(HEALTHY, "still-here");
      await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.SEEN.contains("still-here"));
    }
  }

  @Test
  void withoutDeclareTopologyAMissingDelayedExchangeAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(Delayed.class))
        .contains("WARREN-016", "delayed exchange '" + QUEUE + ".delay' does not exist");
  }

  @Test
  void theCopyCarriesXDelayAndTheQueueNameAndTheOriginalIsAcked() throws Exception {
    // a plain direct exchange stands in for the delayed one: it routes by the same key
    Broker.get().exchange(STAND_IN, "direct").bind(CAPTURE, STAND_IN, QUEUE);
    TestConfig.set("warren.consumers." + QUEUE + ".delay-target", STAND_IN);
    try (WeldContainer container = WeldSe.start(Delayed.class)) {
      Broker.get().publish(QUEUE, "d-1", Map.of("tenant", "acme"));
      await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(CAPTURE) == 1);
      GetResponse copy = Broker.get().drain(CAPTURE).get(0);
      assertThat(new String(copy.getBody())).isEqualTo("d-1");
      assertThat(copy.getEnvelope().getExchange()).isEqualTo(STAND_IN);
      assertThat(copy.getEnvelope().getRoutingKey()).isEqualTo(QUEUE);
      Map<String, Object> headers = copy.getProps().getHeaders();
      assertThat(headers.get("x-delay")).isEqualTo(1500L);
      assertThat(headers.get("x-warren-retry-count")).isEqualTo(1L);
      assertThat(headers.get("tenant").toString()).isEqualTo("acme");
      assertThat(Broker.get().ready(QUEUE)).isZero(); // the original was acked
    }
  }

  @Test
  void withThePluginTheMessageComesBackAfterTheDelay() {
    String uri = System.getenv("WARREN_IT_PLUGIN_URI");
    Assumptions.assumeTrue(
        uri != null,
        "skipped: the test broker has no delayed-message plugin; set WARREN_IT_PLUGIN_URI to a"
            + " broker with rabbitmq_delayed_message_exchange to run the full PLUGIN_DME path");
    TestConfig.set("warren.uri", uri);
    TestConfig.set("warren.declare-topology", "true");
    try (WeldContainer container = WeldSe.start(Delayed.class)) {
      ConnectionFactory factory = new ConnectionFactory();
      long start = System.nanoTime();
      try (Connection c = newConnection(factory, uri);
          Channel ch = c.createChannel()) {
        ch.basicPublish("", QUEUE, null, "p-1".getBytes());
      } catch (Exception e) {
        throw new AssertionError(e);
      }
      await().atMost(Duration.ofSeconds(15)).until(() -> Handlers.SEEN.contains("p-1:2"));
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(1500));
    }
  }

  private static Connection newConnection(ConnectionFactory factory, String uri) throws Exception {
    factory.setUri(uri);
    return factory.newConnection();
  }
}
