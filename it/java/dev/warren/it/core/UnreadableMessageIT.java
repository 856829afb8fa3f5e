package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.internal.extension.WarrenExtension;
import dev.warren.internal.runtime.ConsumerStatus;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, point 8: a message the Java client cannot read (header tables nested 40 levels deep;
 * the broker accepts it, the client refuses more than 32) closes the whole connection it is
 * delivered on, and every recovery gets it again. With {@code warren.connections=per-consumer} it
 * stops only its own consumer: another consumer keeps consuming the whole time; the poisoned
 * connection reopens only a few times in 15 s (the pause doubles), counted in the broker's log;
 * WARREN-126 is logged once; the message stays in its queue, and once an operator purged it the
 * consumer consumes again. By role, the publisher's connection keeps working while the consumers'
 * one loops. On a RabbitMQ node of the test's own (node 21, port 5701; {@code
 * -Dwarren.it.poison.node}), whose log the test reads.
 */
class UnreadableMessageIT {

  static final String POISONED = "warren.it.unreadable.poisoned";
  static final String HEALTHY = "warren.it.unreadable.healthy";
  static final int NESTING = 40;
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.poison.node", 21));
  static final Logger WATCH = Logger.getLogger("dev.warren.internal.runtime.UnreadableFrames");

  WeldContainer container;
  LogCapture log;

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
    if (container != null) {
      container.shutdown();
    }
    if (log != null) {
      log.close();
    }
    TestConfig.clear();
    NODE.ctl("delete_queue", POISONED);
    NODE.ctl("delete_queue", HEALTHY);
  }

  @ApplicationScoped
  public static class Poisoned {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = POISONED, name = "poisoned")
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Healthy {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = HEALTHY, name = "healthy")
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void perConsumerTheUnreadableMessageStopsOnlyItsOwnConsumerWhichBacksOffAndResumes()
      throws Exception {
    String name = "warren-it-unreadable-own";
    String poisonedConnection = name + "-consumer-" + consumerName(Poisoned.class);
    deploy(name, "per-consumer");
    Publisher publisher = container.select(Publisher.class).get();
    long opensBefore = opens(poisonedConnection);

    publishUnreadable(POISONED);
    long loopStarted = System.nanoTime();
    // the other consumer consumes the whole time: each message within 3 s, for 15 s
    int sent = 0;
    while (System.nanoTime() - loopStarted < TimeUnit.SECONDS.toNanos(15)) {
      String body = "healthy-" + sent++;
      publisher.publish("", HEALTHY, body).toCompletableFuture().get(5, TimeUnit.SECONDS);
      await().atMost(Duration.ofSeconds(3)).until(() -> Healthy.HANDLED.contains(body));
      Thread.sleep(300);
    }
    long reopens = opens(poisonedConnection) - opensBefore;
    System.out.printf(
        "per-consumer: '%s' reopened %d times in 15 s%n", poisonedConnection, reopens);

    assertThat(reopens)
        .as("reopens of '%s' in 15 s (the broker's log)", poisonedConnection)
        .isBetween(2L, 7L);
    assertThat(log.messagesContaining("WARREN-126"))
        .singleElement()
        .asString()
        .contains(
            "'" + poisonedConnection + "'",
            "consumer '" + consumerName(Poisoned.class) + "'",
            "stays first in queue '" + POISONED + "'",
            "Reject requeue false");
    assertThat(log.messagesContaining("WARREN-125")).hasSize(1);
    assertThat(log.messagesContaining("WARREN-203")).isEmpty();
    assertThat(states())
        .containsEntry(POISONED, "UNREADABLE_MESSAGE")
        .containsEntry(HEALTHY, "CONSUMING");
    assertThat(messages(POISONED)).as("the unreadable message is still in its queue").isEqualTo(1);
    assertThat(Poisoned.HANDLED).isEmpty();

    // the operator removes it (a tool that is not the Java client); the consumer resumes
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              NODE.ctl("purge_queue", POISONED); // only ready messages: between two reopens
              return messages(POISONED) == 0;
            });
    publisher.publish("", POISONED, "after").toCompletableFuture().get(5, TimeUnit.SECONDS);
    await().atMost(Duration.ofSeconds(40)).until(() -> Poisoned.HANDLED.contains("after"));
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> !log.messagesContaining("WARREN-127").isEmpty());
    assertThat(states()).containsEntry(POISONED, "CONSUMING");
    assertThat(log.messagesContaining("WARREN-126")).hasSize(1);
  }

  @Test
  void byRoleTheConsumersConnectionLoopsWithBackOffAndThePublisherKeepsWorking() throws Exception {
    String name = "warren-it-unreadable-roles";
    deploy(name, "by-role");
    Publisher publisher = container.select(Publisher.class).get();
    long opensBefore = opens(name + "-consumers");

    publishUnreadable(POISONED);
    long loopStarted = System.nanoTime();
    int sent = 0;
    while (System.nanoTime() - loopStarted < TimeUnit.SECONDS.toNanos(15)) {
      // confirmed on the publisher's connection while the consumers' one loops
      publisher.publish("", HEALTHY, "m-" + sent++).toCompletableFuture().get(3, TimeUnit.SECONDS);
      Thread.sleep(300);
    }
    long reopens = opens(name + "-consumers") - opensBefore;
    System.out.printf("by-role: '%s-consumers' reopened %d times in 15 s%n", name, reopens);

    assertThat(reopens).as("reopens of '%s-consumers' in 15 s", name).isBetween(2L, 7L);
    assertThat(opens(name + "-publisher")).as("the publisher's connection never reopened").isOne();
    assertThat(log.messagesContaining("WARREN-126"))
        .singleElement()
        .asString()
        .contains(
            "'" + name + "-consumers'",
            "'" + consumerName(Poisoned.class) + "'",
            "'" + consumerName(Healthy.class) + "'",
            "'" + POISONED + "'",
            "warren.connections=per-consumer");
    assertThat(states())
        .containsEntry(POISONED, "UNREADABLE_MESSAGE")
        .containsEntry(HEALTHY, "UNREADABLE_MESSAGE");
    assertThat(messages(POISONED)).isEqualTo(1);
  }

  private void deploy(String name, String connections) {
    Poisoned.HANDLED.clear();
    Healthy.HANDLED.clear();
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.connection-name", name);
    TestConfig.set("warren.connections", connections);
    WATCH.setLevel(Level.FINE); // the repeats of a loop, for the record
    log = LogCapture.start();
    container = WeldSe.start(Poisoned.class, Healthy.class);
  }

  /** The consumer name Warren derives for the only method of {@code bean}. */
  private static String consumerName(Class<?> bean) {
    return bean == Poisoned.class ? "poisoned" : "healthy";
  }

  /**
   * Publishes a message whose headers nest tables {@link #NESTING} levels deep, on a connection of
   * the test's own that never reads it: the client writes such tables, only reading refuses them.
   */
  private static void publishUnreadable(String queue) throws Exception {
    Map<String, Object> nested = new HashMap<>(Map.of("leaf", 1));
    for (int i = 0; i < NESTING; i++) {
      Map<String, Object> outer = new HashMap<>();
      outer.put("n", nested);
      nested = outer;
    }
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(5680 + Integer.getInteger("warren.it.poison.node", 21)); // 127.0.0.1 guest
    try (Connection connection = factory.newConnection("warren-it-unreadable-sender");
        Channel channel = connection.createChannel()) {
      channel.confirmSelect();
      channel.basicPublish(
          "",
          queue,
          new AMQP.BasicProperties.Builder().headers(nested).build(),
          "unreadable".getBytes(StandardCharsets.UTF_8));
      channel.waitForConfirmsOrDie(5000);
    }
  }

  /**
   * Each consumer's state by queue, as health checks read it (by name: the test also runs against
   * code before the state existed).
   */
  private Map<String, String> states() {
    return container.select(WarrenExtension.class).get().runtime().consumers().stream()
        .collect(Collectors.toMap(ConsumerStatus::queue, s -> s.state().name()));
  }

  /** The queue's messages, ready and unacked. */
  private static long messages(String queue) {
    return NODE.ctl("list_queues", "--no-table-headers", "name", "messages")
        .lines()
        .filter(line -> line.startsWith(queue + "\t"))
        .map(line -> Long.parseLong(line.substring(line.indexOf('\t') + 1).trim()))
        .findFirst()
        .orElse(-1L);
  }

  /**
   * How often a connection named {@code name} was opened, as the node's log says ({@code connection
   * <pid> (client -> server - name): user 'guest' authenticated ...}): each reopen is a new
   * connection to the broker, however short-lived.
   */
  private static long opens(String name) throws IOException {
    Path base = Path.of(System.getenv().getOrDefault("BASE", "/tmp/warren-brokers"));
    Path file = base.resolve("r" + Integer.getInteger("warren.it.poison.node", 21)).resolve("log");
    String marker = " - " + name + "): user ";
    long count = 0;
    try (var files = Files.list(file)) {
      for (Path path : files.filter(p -> !p.toString().contains("upgrade")).toList()) {
        count += Files.readAllLines(path).stream().filter(l -> l.contains(marker)).count();
      }
    }
    return count;
  }
}
