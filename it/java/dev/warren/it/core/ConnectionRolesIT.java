package dev.warren.it.core;

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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, point 7: consumers and publishing have connections of their own by default, named
 * {@code <connection-name>-consumers} and {@code <connection-name>-publisher}. A broker memory
 * alarm blocks the publishing connection, and the consumers still get and ack the deliveries
 * already in their queue (with one connection for both, the blocked connection held back the first
 * ack, and with prefetch 1 nothing more came). On a RabbitMQ node of the test's own (node 17, port
 * 5697; {@code -Dwarren.it.alarm.node}): the alarm blocks every publisher of the node.
 */
@Tag("own-node")
class ConnectionRolesIT {

  static final String QUEUE = "warren.it.connection-roles";
  static final String NAME = "warren-it-roles";
  static final int MESSAGES = 20;
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.alarm.node", 17));

  WeldContainer container;

  @BeforeAll
  static void startNode() {
    NODE.start();
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @AfterEach
  void undeploy() {
    try {
      NODE.ctl("set_vm_memory_high_watermark", "0.4");
    } finally {
      if (container != null) {
        container.shutdown();
      }
      TestConfig.clear();
    }
  }

  @ApplicationScoped
  public static class Gated {
    static final CountDownLatch GATE = new CountDownLatch(1);
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = QUEUE, prefetch = 1)
    public Outcome handle(String body) throws InterruptedException {
      HANDLED.add(body);
      GATE.await(60, TimeUnit.SECONDS);
      return Outcome.ack();
    }
  }

  @Test
  void aMemoryAlarmBlocksPublishingButNotTheConsumersAcks() throws Exception {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.connection-name", NAME);
    container = WeldSe.start(Gated.class);
    Publisher publisher = container.select(Publisher.class).get();

    List<CompletableFuture<Void>> sent = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      sent.add(publisher.publish("", QUEUE, "m-" + i).toCompletableFuture());
    }
    CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
    // the first delivery waits at the gate; with prefetch 1 the others wait in the queue
    await().atMost(Duration.ofSeconds(10)).until(() -> Gated.HANDLED.size() == 1);
    assertThat(connectionStates()).containsOnlyKeys(NAME + "-consumers", NAME + "-publisher");

    NODE.ctl("set_vm_memory_high_watermark", "0");
    CompletableFuture<Void> duringAlarm =
        publisher.publish("", QUEUE, "during-alarm").toCompletableFuture();
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> "blocked".equals(connectionStates().get(NAME + "-publisher")));

    Gated.GATE.countDown();
    // every delivery already in the queue is handled and acked while publishing stays blocked
    await().atMost(Duration.ofSeconds(15)).until(() -> Gated.HANDLED.size() == MESSAGES);
    await().atMost(Duration.ofSeconds(10)).until(() -> queueMessages().equals("0"));
    assertThat(duringAlarm).isNotDone();
    assertThat(connectionStates().get(NAME + "-consumers")).isNotEqualTo("blocked");

    NODE.ctl("set_vm_memory_high_watermark", "0.4");
    duringAlarm.get(15, TimeUnit.SECONDS);
    await().atMost(Duration.ofSeconds(10)).until(() -> Gated.HANDLED.contains("during-alarm"));
  }

  /**
   * Each connection's client-provided name (in its client properties: the {@code name} column of
   * {@code list_connections} is its address) and its state ({@code running}, {@code blocking}: an
   * alarm is on but the connection has not published since, {@code blocked}).
   */
  private static Map<String, String> connectionStates() {
    Map<String, String> states = new HashMap<>();
    String marker = "{\"connection_name\",\"";
    for (String line :
        NODE.ctl("list_connections", "--no-table-headers", "state", "client_properties")
            .split("\n")) {
      int tab = line.indexOf('\t');
      int at = line.indexOf(marker);
      if (tab > 0 && at > 0) {
        int from = at + marker.length();
        states.put(line.substring(from, line.indexOf('"', from)), line.substring(0, tab).trim());
      }
    }
    return states;
  }

  /** The queue's messages, ready and unacked, as rabbitmqctl prints the number. */
  private static String queueMessages() {
    return NODE.ctl("list_queues", "--no-table-headers", "name", "messages")
        .lines()
        .filter(line -> line.startsWith(QUEUE + "\t"))
        .map(line -> line.substring(line.indexOf('\t') + 1).trim())
        .findFirst()
        .orElse("missing");
  }
}
