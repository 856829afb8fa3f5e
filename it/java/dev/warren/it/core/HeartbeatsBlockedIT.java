package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The per-consumer layout's connections share one heartbeat executor: a publisher connection
 * blocked by a memory alarm with a full send buffer (the broker reads nothing more from it, and the
 * client writes heartbeats under the socket's write lock) must not make an idle consumer's
 * connection miss its heartbeats and be closed by the broker. On a RabbitMQ node of the test's own
 * with a 2 s heartbeat (node 26, port 5706; {@code -Dwarren.it.heartbeats.node}).
 */
@Tag("own-node")
class HeartbeatsBlockedIT {

  static final String ORDERS = "warren.it.heartbeats.orders";
  static final String NOWHERE = "warren.it.heartbeats.nowhere";
  static final String APP = "warren-it-heartbeats";
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.heartbeats.node", 26));

  WeldContainer container;
  Thread publishing;

  @BeforeAll
  static void startNode() {
    NODE.start("heartbeat = 2");
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @BeforeEach
  void config() {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.connections", "per-consumer");
    TestConfig.set("warren.connection-name", APP);
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.shutdown-timeout", "1s");
  }

  @AfterEach
  void undeploy() throws InterruptedException {
    NODE.ctl("set_vm_memory_high_watermark", "0.4"); // the broker reads again
    if (publishing != null) {
      publishing.interrupt();
      publishing.join(30_000);
    }
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

  /**
   * When the broker accepted the consumer's connection (found by the name the client gives it), as
   * it lists it: another value once it was closed and the client opened it again.
   */
  static String consumerConnectedAt() {
    return Arrays.stream(
            NODE.ctl("list_connections", "--no-table-headers", "connected_at", "client_properties")
                .split("\n"))
        .filter(line -> line.contains(APP + "-consumer-"))
        .map(line -> line.trim().split("\\s+")[0])
        .findFirst()
        .orElse("none");
  }

  @Test
  void anIdleConsumersConnectionKeepsItsHeartbeatsWhileThePublisherIsBlocked() throws Exception {
    container = WeldSe.start(Orders.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> !consumerConnectedAt().equals("none"));
    String connectedAt = consumerConnectedAt();

    // the publisher's connection (the injected one) publishes large messages during the alarm
    // until its socket's buffers are full and the publishing thread waits in the write
    Connection connection = container.select(Connection.class).get();
    Channel raw = connection.createChannel();
    CountDownLatch blocked = NODE.alarm(connection);
    AtomicLong sent = new AtomicLong();
    byte[] body = new byte[1 << 20];
    publishing =
        new Thread(
            () -> {
              try {
                while (!Thread.currentThread().isInterrupted()) {
                  raw.basicPublish("", NOWHERE, null, body);
                  sent.incrementAndGet();
                }
              } catch (Exception e) {
                // the connection closed: the test is over
              }
            },
            "warren-it-blocked-publisher");
    publishing.start();
    assertThat(blocked.await(20, TimeUnit.SECONDS)).as("the connection is blocked").isTrue();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              long before = sent.get();
              TimeUnit.MILLISECONDS.sleep(500);
              return sent.get() == before && writing(publishing);
            });

    // two missed heartbeats (4 s) would close it: it stays the same connection for three times as
    // long (each look takes a rabbitmqctl call of a second or more, hence the wide bound: a
    // connection closed once never comes back as the same one)
    await("the consumer's connection stays the one the broker accepted at " + connectedAt)
        .during(Duration.ofSeconds(12))
        .atMost(Duration.ofSeconds(40))
        .until(() -> consumerConnectedAt().equals(connectedAt));
  }

  /** Whether {@code thread} waits in a socket write. */
  static boolean writing(Thread thread) {
    return Arrays.stream(thread.getStackTrace())
        .anyMatch(
            frame ->
                frame.getMethodName().contains("write")
                    && (frame.getClassName().contains("Socket")
                        || frame.getClassName().contains("ch.")));
  }
}
