package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A partitioned consumer's partitions in readiness ({@code consumer.<name>[i].partition} and {@code
 * .ready}) and as the gauges {@code warren.partition.active} and {@code warren.partition.ready}, on
 * RabbitMQ 3.10.8 with the consistent-hash plugin (a node of the test's own, node 35, port 5715;
 * {@code -Dwarren.it.partition-health.node}). Another instance is played by a raw subscription that
 * subscribes to partition 0 first (so, on 3.10, it is that partition's single active consumer) and
 * never acks.
 */
@Tag("own-node")
@Tag("observability")
class PartitionHealthIT {

  static final String ACCOUNTS = "warren.it.partition-health";
  static final OwnNode NODE =
      new OwnNode(Integer.getInteger("warren.it.partition-health.node", 35));

  WeldContainer container;

  @ApplicationScoped
  public static class Accounts {
    @RabbitConsumer(queue = ACCOUNTS, queueType = QueueType.QUORUM, partitions = 3)
    public Outcome onEvent(String body) {
      return Outcome.ack();
    }
  }

  @BeforeAll
  static void startNode() {
    NODE.start("plugin:rabbitmq_consistent_hash_exchange");
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
  }

  private void deploy() {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    container =
        WeldSe.start(
            Stream.concat(
                    Stream.of(Accounts.class, InMemoryOpenTelemetry.class),
                    Arrays.stream(HealthReports.BEANS))
                .toArray(Class<?>[]::new));
  }

  private static String partition(int index) {
    return ACCOUNTS + "[" + index + "]";
  }

  private String readiness() {
    return HealthReports.readiness(container);
  }

  /** Partition {@code index}'s activity in readiness's data. */
  private String activity(int index) {
    Matcher m =
        Pattern.compile(
                "\"consumer\\." + Pattern.quote(partition(index)) + "\\.partition\":\"([a-z-]+)\"")
            .matcher(readiness());
    return m.find() ? m.group(1) : null;
  }

  /** Partition {@code index}'s ready messages in readiness's data; -1 when not shown. */
  private long ready(int index) {
    Matcher m =
        Pattern.compile("\"consumer\\." + Pattern.quote(partition(index)) + "\\.ready\":(\\d+)")
            .matcher(readiness());
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private static long gauge(String name, int index) {
    return InMemoryOpenTelemetry.sum(name, Map.of("warren.consumer", partition(index)));
  }

  private static Connection raw() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(NODE.uri().replaceAll("/$", ""));
    return factory.newConnection("partition-health-it");
  }

  @Test
  void eachPartitionShowsWhetherThisInstanceConsumesItAndItsLag() throws Exception {
    deploy(); // declares the exchange and the partitions' queues
    container.shutdown();
    container = null;

    try (Connection other = raw()) {
      // the other instance: first to subscribe to partition 0, holds one delivery and never acks
      Channel held = other.createChannel();
      held.basicQos(1);
      held.basicConsume(ACCOUNTS + ".0", false, new DefaultConsumer(held));

      deploy();
      await().atMost(Duration.ofSeconds(15)).until(() -> readiness().contains("\"status\":\"UP\""));
      for (int p = 0; p < 3; p++) {
        assertThat(activity(p)).as("partition %d before any message", p).isEqualTo("idle");
      }

      Publisher publisher = container.select(Publisher.class).get();
      List<CompletableFuture<Void>> confirms = new ArrayList<>();
      for (int k = 0; k < 90; k++) {
        confirms.add(publisher.publish(ACCOUNTS, "key-" + k, "event " + k).toCompletableFuture());
      }
      CompletableFuture.allOf(confirms.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

      // partition 0's messages wait for the other instance, which holds one of them
      await().atMost(Duration.ofSeconds(20)).until(() -> ready(0) > 0);
      assertThat(activity(0)).isEqualTo("standing-by");
      assertThat(gauge("warren.partition.active", 0)).isZero();
      assertThat(gauge("warren.partition.ready", 0)).isEqualTo(ready(0));
      // this instance consumes partitions 1 and 2 and has drained them
      await().atMost(Duration.ofSeconds(20)).until(() -> ready(1) == 0 && ready(2) == 0);
      assertThat(activity(1)).isEqualTo("active");
      assertThat(activity(2)).isEqualTo("active");
      assertThat(gauge("warren.partition.active", 1)).isEqualTo(1);
      assertThat(gauge("warren.partition.active", 2)).isEqualTo(1);
      // standing by is no reason to be unready
      assertThat(readiness()).contains("\"status\":\"UP\"");

      // the other instance goes: partition 0 comes here, and drains
      held.close();
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> ready(0) == 0);
    assertThat(activity(0)).isEqualTo("active");
    assertThat(gauge("warren.partition.active", 0)).isEqualTo(1);
    assertThat(gauge("warren.partition.ready", 0)).isZero();
  }
}
