package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.Argument;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.extension.WarrenExtension;
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
import java.util.stream.Collectors;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 31: a message the Java client cannot read (header tables nested 33 levels deep; the broker
 * accepts it, amqp-client refuses more than 32 and closes the whole connection it is delivered on)
 * is dropped to its consumer's dead letter queue like any decode failure, and nothing else stops:
 * the good messages behind it in its queue are consumed, another consumer on the same connection
 * consumes the whole time, and the consumers' connection is never reopened (counted in the broker's
 * log). Before issue 31, the connection closed on every delivery of the message and every consumer
 * on it stopped until an operator purged it. In each connection layout: by role (the default), per
 * consumer, and shared. On a RabbitMQ node of the test's own (node 21, port 5701; {@code
 * -Dwarren.it.poison.node}), whose log the test reads.
 */
@Tag("own-node")
class UnreadableMessageIT {

  static final String POISONED = "warren.it.unreadable.poisoned";
  static final String DEAD = "warren.it.unreadable.poisoned.dlq";
  static final String HEALTHY = "warren.it.unreadable.healthy";
  static final int NESTING = 33; // the client reads 32
  static final int GOOD_BEHIND = 20;
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.poison.node", 21));

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
    NODE.ctl("delete_queue", DEAD);
    NODE.ctl("delete_queue", HEALTHY);
  }

  /**
   * Its queue dead-letters what it drops to {@link #DEAD}. A classic queue: a quorum queue's
   * delivery limit would also dead-letter the message once the client had closed the connection on
   * it a few times.
   */
  @ApplicationScoped
  public static class Poisoned {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(
        queue = POISONED,
        name = "poisoned",
        arguments = {
          @Argument(name = "x-dead-letter-exchange", value = ""),
          @Argument(name = "x-dead-letter-routing-key", value = DEAD)
        })
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

  @ParameterizedTest(name = "warren.connections={0}")
  @ValueSource(strings = {"by-role (default)", "per-consumer", "shared"})
  void theUnreadableMessageIsDeadLetteredAndEveryConsumerGoesOn(String layout) throws Exception {
    String name = "warren-it-unreadable-" + layout.replaceAll("[^a-z-]", "");
    deploy(name, layout.startsWith("by-role") ? null : layout);
    String consumers =
        switch (layout) {
          case "per-consumer" -> name + "-consumer-poisoned";
          case "shared" -> name;
          default -> name + "-consumers";
        };
    Publisher publisher = container.select(Publisher.class).get();
    // the broker logs a connection a moment after it opened
    await().atMost(Duration.ofSeconds(10)).until(() -> opens(consumers) >= 1);
    long opensBefore = opens(consumers);

    // the consumer consumes; then the unreadable message, and good ones right behind it
    publisher.publish("", POISONED, "before").toCompletableFuture().get(5, TimeUnit.SECONDS);
    await().atMost(Duration.ofSeconds(10)).until(() -> Poisoned.HANDLED.contains("before"));
    publishUnreadable(POISONED);
    for (int i = 0; i < GOOD_BEHIND; i++) {
      publisher.publish("", POISONED, "behind-" + i).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    // the other consumer on the same connection consumes the whole time: each within 3 s, for 4 s
    long started = System.nanoTime();
    int sent = 0;
    while (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(4)) {
      String body = "healthy-" + sent++;
      publisher.publish("", HEALTHY, body).toCompletableFuture().get(5, TimeUnit.SECONDS);
      await().atMost(Duration.ofSeconds(3)).until(() -> Healthy.HANDLED.contains(body));
      Thread.sleep(200);
    }
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(Poisoned.HANDLED)
                    .as("the good messages behind the unreadable one")
                    .hasSize(GOOD_BEHIND + 1));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> messages(DEAD) == 1 && messages(POISONED) == 0);

    assertThat(opens(consumers) - opensBefore)
        .as("reopens of '%s' (the broker's log)", consumers)
        .isZero();
    assertThat(log.messagesContaining("WARREN-030"))
        .singleElement()
        .asString()
        .contains(
            "consumer 'poisoned'",
            "from queue '" + POISONED + "'",
            "cannot read its headers",
            "more than 32 levels deep",
            "dropped without reaching the handler");
    assertThat(log.messagesContaining("WARREN-250"))
        .singleElement()
        .asString()
        .contains("connection '" + consumers + "'");
    assertThat(log.messagesContaining("WARREN-125")).isEmpty();
    assertThat(log.messagesContaining("WARREN-203")).isEmpty();
    assertThat(states()).containsEntry(POISONED, "CONSUMING").containsEntry(HEALTHY, "CONSUMING");
  }

  private void deploy(String name, String connections) throws Exception {
    Poisoned.HANDLED.clear();
    declareDeadLetterQueue();
    Healthy.HANDLED.clear();
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.connection-name", name);
    if (connections != null) {
      TestConfig.set("warren.connections", connections);
    }
    log = LogCapture.start();
    container = WeldSe.start(Poisoned.class, Healthy.class);
  }

  /** The dead letter queue, which Warren does not declare (it only knows the queue's arguments). */
  private static void declareDeadLetterQueue() throws Exception {
    try (Connection connection = senderFactory().newConnection("warren-it-unreadable-setup");
        Channel channel = connection.createChannel()) {
      channel.queueDeclare(DEAD, true, false, false, null);
    }
  }

  private static ConnectionFactory senderFactory() {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(5680 + Integer.getInteger("warren.it.poison.node", 21)); // 127.0.0.1 guest
    return factory;
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
    try (Connection connection = senderFactory().newConnection("warren-it-unreadable-sender");
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
