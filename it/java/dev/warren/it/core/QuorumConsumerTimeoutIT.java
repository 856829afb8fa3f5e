package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.extension.WarrenExtension;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The broker's consumer timeout on a quorum queue from RabbitMQ 4.3 on, where the broker cancels
 * the one consumer ({@code basic.cancel}), keeps its channel open and hands its unacked deliveries
 * to other consumers at once: Warren says so ({@code WARREN-280}), settles nothing more on the
 * cancelled channel, subscribes again at once, loses nothing and never has its connection closed;
 * with a handler-timeout it subscribes with an {@code x-consumer-timeout} of its own (longer than
 * the queue's, so its handler-timeout acts first), only on quorum queues and only from 4.3 on. The
 * timeouts are queue arguments of a few seconds, never node settings (the node is shared).
 */
class QuorumConsumerTimeoutIT {

  static final String SLOW = "warren.it.timeout43.slow";
  static final String RETRIED = "warren.it.timeout43.retried";
  static final String QUORUM = "warren.it.timeout43.quorum";
  static final String CLASSIC = "warren.it.timeout43.classic";
  static final String MISTYPED = "warren.it.timeout43.mistyped";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    TestConfig.set("warren.uri", Broker.uri());
    Slow.CALLS.clear();
    Slow.COMPLETED.clear();
    Retried.CALLS.set(0);
    Typed.HANDLED.clear();
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  private static BrokerVersion version() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    try (Connection connection = factory.newConnection("warren-it-version")) {
      return BrokerVersion.of(connection.getServerProperties());
    }
  }

  private static Map<String, Object> quorum(int consumerTimeoutMillis) {
    return Map.of("x-queue-type", "quorum", "x-consumer-timeout", consumerTimeoutMillis);
  }

  /** Each consumer's queue and arguments, one a line, as {@code rabbitmqctl} lists them. */
  private static String consumerArguments() {
    return Broker.rabbitmqctl(
        "list_consumers", "-q", "--no-table-headers", "queue_name", "arguments");
  }

  private static Connection consumerConnection(WeldContainer container) throws Exception {
    return container
        .getBeanManager()
        .getExtension(WarrenExtension.class)
        .runtime()
        .consumerConnection();
  }

  /**
   * Two workers. Its first call of "slow" takes 7 s (longer than the queue's 3 s timeout); every
   * other call returns at once. Counts the calls of each message and those that completed.
   */
  @ApplicationScoped
  public static class Slow {
    static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();
    static final List<String> COMPLETED = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = SLOW, queueType = QueueType.QUORUM, concurrency = 2, prefetch = 10)
    public Outcome handle(String body) {
      int call = CALLS.computeIfAbsent(body, b -> new AtomicInteger()).incrementAndGet();
      if (body.equals("slow") && call == 1) {
        long end = System.nanoTime() + Duration.ofSeconds(7).toNanos();
        while (System.nanoTime() < end) {
          try {
            Thread.sleep(50);
          } catch (InterruptedException ignored) {
            // nothing interrupts it here (no handler-timeout); keeps going regardless
          }
        }
      }
      COMPLETED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void aHandlerPastTheQueuesTimeoutIsCancelledAndResubscribedAtOnceWithNothingLostOrClosed()
      throws Exception {
    assumeTrue(version().atLeast(4, 3), "the broker cancels timed-out consumers from 4.3 on");
    Broker.get().queue(SLOW, quorum(3000));
    List<ShutdownSignalException> closes = new CopyOnWriteArrayList<>();
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Slow.class)) {
      Connection connection = consumerConnection(container);
      connection.addShutdownListener(closes::add);
      Broker.get().publish(SLOW, "slow");
      for (int i = 0; i < 4; i++) {
        Broker.get().publish(SLOW, "m" + i);
      }

      // the broker cancels at about 3 s (on its tick), Warren subscribes again at once and the
      // redelivery of "slow" runs on the second worker while the first call still runs
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () ->
                  assertThat(logs.messagesContaining("WARREN-280"))
                      .singleElement()
                      .asString()
                      .contains("'" + SLOW + "'", "QuorumConsumerTimeoutIT$Slow#handle")
                      .contains("held a delivery, the oldest unacked for PT")
                      .contains("subscribed again at once")
                      .contains("'warren.consumers." + SLOW + ".handler-timeout'")
                      .contains("x-consumer-timeout", "consumer_timeout"));
      // every message handled, "slow" to completion after its redelivery, and the first call's
      // late ack dropped, never sent on the cancelled channel (nothing re-activated it)
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  Slow.COMPLETED.stream().filter("slow"::equals).count() == 2
                      && Broker.get().ready(SLOW) == 0);
      assertThat(Slow.CALLS.get("slow").get()).isEqualTo(2);
      for (int i = 0; i < 4; i++) {
        assertThat(Slow.COMPLETED).contains("m" + i);
      }
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !logs.messagesContaining("WARREN-032").isEmpty());
      // the queue holds nothing, ready or unacked: the second call's ack took the message
      await().atMost(Duration.ofSeconds(10)).until(() -> messages(SLOW) == 0);
      assertThat(Broker.get().consumers(SLOW)).isEqualTo(1);
      // not taken for a deleted queue, and the connection never closed
      assertThat(logs.messagesContaining("WARREN-039")).isEmpty();
      assertThat(logs.messagesContaining("WARREN-061")).isEmpty();
      assertThat(logs.all()).noneMatch(m -> m.contains("Unsolicited"));
      assertThat(closes).isEmpty();
      assertThat(connection.isOpen()).isTrue();
      assertThat(connection.getCloseReason()).isNull();
    }
  }

  /** The messages of {@code queue}, ready and unacked, as {@code rabbitmqctl} counts them. */
  private static int messages(String queue) {
    for (String line :
        Broker.rabbitmqctl("list_queues", "-q", "--no-table-headers", "name", "messages")
            .split("\n")) {
      String[] columns = line.trim().split("\\s+");
      if (columns.length == 2 && columns[0].equals(queue)) {
        return Integer.parseInt(columns[1]);
      }
    }
    return -1;
  }

  /** One worker; the first call takes 4 s and gives in to an interrupt. */
  @ApplicationScoped
  public static class Retried {
    static final AtomicInteger CALLS = new AtomicInteger();

    @RabbitConsumer(queue = RETRIED, queueType = QueueType.QUORUM, prefetch = 1)
    public Outcome handle(String body) throws InterruptedException {
      if (CALLS.incrementAndGet() == 1) {
        Thread.sleep(4000);
      }
      return Outcome.ack();
    }
  }

  @Test
  void withAHandlerTimeoutTheConsumersOwnLongerTimeoutWinsAndWarrenRetriesFirst() throws Exception {
    assumeTrue(version().atLeast(4, 3), "x-consumer-timeout as a consumer argument: 4.3 on");
    // the queue's timeout (1 s) is shorter than the handler-timeout (2 s): without the
    // consumer's own argument the broker would cancel first
    Broker.get().queue(RETRIED, quorum(1000));
    TestConfig.set("warren.consumers." + RETRIED + ".handler-timeout", "2s");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Retried.class)) {
      // prefetch 1, one worker: 2 s held, one more handler-timeout, the confirm timeout (30 s)
      // and 30 s
      assertThat(line(consumerArguments(), RETRIED)).contains("x-consumer-timeout", "64000");
      assertThat(logs.messagesContaining("x-consumer-timeout 64000 ms")).hasSize(1);
      Broker.get().publish(RETRIED, "slow");
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> Retried.CALLS.get() == 2 && messages(RETRIED) == 0);
      assertThat(logs.messagesContaining("WARREN-119")).hasSize(1);
      assertThat(logs.messagesContaining("WARREN-280")).isEmpty();
      assertThat(logs.messagesContaining("WARREN-039")).isEmpty();
    }
  }

  @ApplicationScoped
  public static class Typed {
    static final List<String> HANDLED = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUORUM, queueType = QueueType.QUORUM)
    public Outcome quorum(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }

    @RabbitConsumer(queue = CLASSIC)
    public Outcome classic(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void theArgumentGoesOnlyToQuorumQueuesFrom43AndTheStartupWarningOnlyBefore() throws Exception {
    BrokerVersion version = version();
    Broker.get().queue(QUORUM, Map.of("x-queue-type", "quorum"));
    Broker.get().queue(CLASSIC);
    TestConfig.set("warren.consumers.defaults.handler-timeout", "2s");
    TestConfig.set("warren.broker.consumer-timeout", "1s");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Typed.class)) {
      Broker.get().publish(QUORUM, "q");
      Broker.get().publish(CLASSIC, "c");
      await().atMost(Duration.ofSeconds(10)).until(() -> Typed.HANDLED.size() == 2);
      String arguments = consumerArguments();
      String quorumLine = line(arguments, QUORUM);
      String classicLine = line(arguments, CLASSIC);
      assertThat(classicLine).doesNotContain("x-consumer-timeout");
      assertThat(logs.messagesContaining("WARREN-281")).isEmpty();
      if (version.atLeast(4, 3)) {
        // prefetch 250 on one worker: 250 calls of 2 s, one more, 30 s and 30 s
        assertThat(quorumLine).contains("x-consumer-timeout").contains("562000");
        // classic consumers never time out, quorum ones carry their own timeout: no warning
        assertThat(logs.messagesContaining("WARREN-123")).isEmpty();
      } else {
        // 3.10 and 4.0 ignore the consumer argument: Warren sends none, and warns as before
        assertThat(quorumLine).doesNotContain("x-consumer-timeout");
        assertThat(logs.messagesContaining("WARREN-123")).hasSize(2);
      }
    }
  }

  private static String line(String listing, String queue) {
    return listing
        .lines()
        .filter(l -> l.startsWith(queue + "\t") || l.startsWith(queue + " "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no consumer of '" + queue + "' in " + listing));
  }

  /** Says its queue is a quorum queue; the test declares a classic one. */
  @ApplicationScoped
  public static class Mistyped {
    static final List<String> HANDLED = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = MISTYPED, queueType = QueueType.QUORUM)
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void aClassicQueueThatRefusesTheArgumentIsConsumedWithoutIt() throws Exception {
    assumeTrue(version().atLeast(4, 3), "the argument is sent from 4.3 on");
    Broker.get().queue(MISTYPED);
    Mistyped.HANDLED.clear();
    TestConfig.set("warren.consumers." + MISTYPED + ".handler-timeout", "2s");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Mistyped.class)) {
      Broker.get().publish(MISTYPED, "m");
      await().atMost(Duration.ofSeconds(10)).until(() -> Mistyped.HANDLED.size() == 1);
      assertThat(logs.messagesContaining("WARREN-281"))
          .singleElement()
          .asString()
          .contains("'" + MISTYPED + "'", "x-consumer-timeout", "queueType = CLASSIC");
      assertThat(line(consumerArguments(), MISTYPED)).doesNotContain("x-consumer-timeout");
      assertThat(logs.messagesContaining("WARREN-061")).isEmpty();
    }
  }
}
