package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.AmqpRecorder.Method;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Frames;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * retryAfter with Delay.PLUGIN_DME, as far as it can be proven without the plugin. No broker here
 * has the delayed-message plugin (Debian does not package it and its project was archived), so this
 * proves Warren's side only: the plugin-absent deployment error for real, and the copy's frames
 * (x-delay, routing key, no mandatory, the original acked after the confirm) against a plain
 * exchange standing in for the delayed one. That the plugin delivers the copy after the delay is
 * the plugin's behaviour and is not tested. Without the plugin RabbitMQ 3.x closes the declaring
 * connection (503) and 4.x only its channel (406); Warren reports WARREN-026 on both. The plugin
 * routes a delayed message to no queue when it is published: an exchange without a binding stands
 * in for that moment, and the copy's {@code basic.publish} frame is read through an {@link
 * AmqpRecorder}.
 */
@SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working and is tested
class PluginDelayIT {

  static final String QUEUE = "warren.it.delay.plugin";
  static final String HEALTHY = "warren.it.delay.plugin.healthy";
  static final String STAND_IN = "warren.it.delay.plugin.stand-in";
  static final String CAPTURE = "warren.it.delay.plugin.capture";
  static final String UNROUTED = "warren.it.delay.plugin.unrouted";

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

  /**
   * Issue 31: the copy went out with {@code mandatory=true}; the plugin routes it to no queue when
   * it is published, so the broker returned it (312 NO_ROUTE), Warren took it for unroutable and
   * requeued the original after a pause, while the plugin would still deliver the copy later: one
   * more duplicate per pass, the original never acked. Now the copy is published without {@code
   * mandatory}, once, and the original is acked.
   */
  @Test
  void theCopyIsNotMandatorySoANotYetRoutedCopyIsConfirmedOnceAndTheOriginalAcked()
      throws Exception {
    // no binding: like the plugin's exchange at publish time, it routes the copy to no queue
    Broker.get().exchange(UNROUTED, "direct");
    TestConfig.set("warren.consumers." + QUEUE + ".delay-target", UNROUTED);
    try (AmqpRecorder recorder = AmqpRecorder.start()) {
      TestConfig.set("warren.uri", recorder.uri());
      try (WeldContainer container = WeldSe.start(Delayed.class)) {
        Broker.get().publish(QUEUE, "u-1");
        // the copy's routing key is the queue's name; the test's own publish is not recorded
        await()
            .atMost(Duration.ofSeconds(15))
            .until(
                () ->
                    copies(recorder).size() > 1
                        || !Frames.settlementsOn(recorder, Frames.consumeOf(recorder, QUEUE))
                            .isEmpty());
        List<Method> copies = copies(recorder);
        assertThat(copies).as("copies published: %s", copies).hasSize(1);
        assertThat(copies.get(0).mandatory()).as("the copy's mandatory flag").isFalse();
        Method consume = Frames.consumeOf(recorder, QUEUE);
        assertThat(copies.get(0).channel()).isEqualTo(consume.channel());
        List<Method> settlements = Frames.settlementsOn(recorder, consume);
        assertThat(settlements).hasSize(1);
        assertThat(settlements.get(0).name()).isEqualTo("basic.ack");
        assertThat(Handlers.SEEN).containsExactly("u-1:1");
        assertThat(Broker.get().ready(QUEUE)).isZero();
      }
    }
  }

  private static List<Method> copies(AmqpRecorder recorder) {
    return recorder.methods().stream()
        .filter(m -> m.name().equals("basic.publish") && QUEUE.equals(m.target()))
        .toList();
  }
}
