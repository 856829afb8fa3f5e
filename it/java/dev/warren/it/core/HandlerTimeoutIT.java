package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A handler that runs longer than the broker's {@code consumer_timeout} (issue 13, point 5), on a
 * node of the test's own whose consumer_timeout is 5 s, checked every second (3.10.8 checks on the
 * channel's tick, once a minute by default). Without a handler-timeout the broker closes the
 * channel (406) and the message runs again in the second worker while the first call still runs;
 * with one, Warren settles the delivery as a retry first, an attempt like any other, holds the
 * redelivery back while the overrunning call runs, and names the handler.
 */
@Tag("own-node")
class HandlerTimeoutIT {

  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.timeout.node", 16));
  static final String STUCK = "warren.it.timeout.stuck";
  static final String CAPPED = "warren.it.timeout.capped";
  static final String CAPPED_DLQ = "warren.it.timeout.capped.dlq";

  private static Connection connection;
  private static Channel channel;

  @BeforeAll
  static void startNode() throws Exception {
    NODE.start("consumer_timeout = 5000", "advanced:{channel_tick_interval, 1000}");
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(NODE.uri());
    factory.setVirtualHost("/"); // the raw client reads the URI's trailing slash as the vhost ""
    connection = factory.newConnection("warren-it-timeout");
    channel = connection.createChannel();
  }

  @AfterAll
  static void stopNode() throws Exception {
    connection.close();
    NODE.down();
  }

  @BeforeEach
  void prepare() throws Exception {
    TestConfig.clear();
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.broker.consumer-timeout", "5s");
    for (String queue : new String[] {STUCK, CAPPED, CAPPED_DLQ}) {
      channel.queueDelete(queue);
    }
    Stuck.CALLS.set(0);
    Stuck.RUNNING.set(0);
    Stuck.MOST_AT_ONCE.set(0);
    Capped.CALLS.set(0);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
  }

  /**
   * Two workers. Its first call takes 8 s whatever happens (it does not give in to an interrupt, as
   * blocking I/O often does not); later calls return at once. Counts how many calls run at once.
   */
  @ApplicationScoped
  public static class Stuck {
    static final AtomicInteger CALLS = new AtomicInteger();
    static final AtomicInteger RUNNING = new AtomicInteger();
    static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();

    @RabbitConsumer(queue = STUCK, concurrency = 2, prefetch = 2)
    public Outcome handle(String body) {
      MOST_AT_ONCE.accumulateAndGet(RUNNING.incrementAndGet(), Math::max);
      try {
        if (CALLS.incrementAndGet() == 1) {
          long end = System.nanoTime() + Duration.ofSeconds(8).toNanos();
          while (System.nanoTime() < end) {
            try {
              Thread.sleep(50);
            } catch (InterruptedException ignored) {
              // keeps going, as code that swallows interrupts does
            }
          }
        }
        return Outcome.ack();
      } finally {
        RUNNING.decrementAndGet();
      }
    }
  }

  /** Always takes 3 s (it gives in to an interrupt); two attempts, then the dead letter queue. */
  @ApplicationScoped
  public static class Capped {
    static final AtomicInteger CALLS = new AtomicInteger();

    @RabbitConsumer(queue = CAPPED, maxAttempts = 2, deadLetter = CAPPED_DLQ)
    public Outcome handle(String body) throws InterruptedException {
      CALLS.incrementAndGet();
      Thread.sleep(3000);
      return Outcome.ack();
    }
  }

  private static void publish(String queue, String body) throws Exception {
    channel.basicPublish(
        "",
        queue,
        new AMQP.BasicProperties.Builder().deliveryMode(2).build(),
        body.getBytes(StandardCharsets.UTF_8));
  }

  private static int ready(String queue) throws Exception {
    return channel.queueDeclarePassive(queue).getMessageCount();
  }

  @Test
  void anOverrunningHandlerIsRetriedBeforeTheBrokerClosesItsChannelAndNeverRunsTwiceAtOnce()
      throws Exception {
    TestConfig.set("warren.consumers." + STUCK + ".handler-timeout", "2s");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Stuck.class)) {
      publish(STUCK, "stuck");
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> Stuck.CALLS.get() >= 2 && Stuck.RUNNING.get() == 0 && ready(STUCK) == 0);

      // the redelivery waited for the first call: the message never ran twice at once
      assertThat(Stuck.MOST_AT_ONCE.get()).isEqualTo(1);
      assertThat(Stuck.CALLS.get()).isEqualTo(2);
      // settled before the broker's consumer_timeout: it never closed the channel
      assertThat(logs.messagesContaining("WARREN-061")).isEmpty();
      assertThat(logs.messagesContaining("WARREN-124")).isEmpty();
      assertThat(logs.messagesContaining("WARREN-119"))
          .singleElement()
          .asString()
          .contains("'" + STUCK + "'", "HandlerTimeoutIT$Stuck#handle", "(PT2S)", "retry()")
          .contains("'warren.consumers." + STUCK + ".handler-timeout'");
      assertThat(logs.messagesContaining("WARREN-121")).isNotEmpty();
      assertThat(logs.messagesContaining("WARREN-120"))
          .singleElement()
          .asString()
          .contains("ended returning ack()", "ignored");
    }
  }

  @Test
  void withoutAHandlerTimeoutEachCloseAtTheConsumerTimeoutNamesTheHandlerAndTheFix()
      throws Exception {
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Stuck.class)) {
      publish(STUCK, "stuck");
      publish(STUCK, "other");
      // the first call holds its delivery 8 s: the broker closes the channel at about 5 to 6 s
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () ->
                  assertThat(logs.messagesContaining("WARREN-124"))
                      .first()
                      .asString()
                      .contains("'" + STUCK + "'", "HandlerTimeoutIT$Stuck#handle")
                      .contains("consumer_timeout", "delivery acknowledgement on channel")
                      .contains("'warren.consumers." + STUCK + ".handler-timeout'"));
    }
  }

  @Test
  void anOverrunCountsAsAnAttemptSoTheCapDeadLettersTheMessage() throws Exception {
    TestConfig.set("warren.consumers." + CAPPED + ".handler-timeout", "1s");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Capped.class)) {
      publish(CAPPED, "slow");
      await().atMost(Duration.ofSeconds(20)).until(() -> ready(CAPPED_DLQ) == 1);
      GetResponse dead = channel.basicGet(CAPPED_DLQ, true);
      assertThat(dead.getProps().getHeaders().get("x-warren-exception").toString())
          .contains("TimeoutException", "handler-timeout");
      assertThat(Capped.CALLS.get()).isEqualTo(2);
      assertThat(ready(CAPPED)).isZero();
      assertThat(logs.messagesContaining("WARREN-119")).hasSize(2);
      // the interrupted handler threw InterruptedException: ignored, not a failure of its own
      assertThat(logs.messagesContaining("WARREN-036")).isEmpty();
    }
  }

  @Test
  void startupWarnsWhenAConsumerCanHoldADeliveryPastTheConsumerTimeout() {
    try (LogCapture logs = LogCapture.start()) {
      TestConfig.set("warren.consumers." + STUCK + ".handler-timeout", "6s");
      try (WeldContainer container = WeldSe.start(Stuck.class)) {
        assertThat(logs.messagesContaining("WARREN-123"))
            .singleElement()
            .asString()
            .contains("'warren.consumers." + STUCK + ".handler-timeout' (PT6S)", "(PT5S");
      }
      // 3 s each, prefetch 2 on 2 workers: fine; prefetch 2 with a 3 s limit on one worker is not
      TestConfig.set("warren.consumers." + STUCK + ".handler-timeout", "3s");
      TestConfig.set("warren.consumers." + STUCK + ".concurrency", "1");
      try (WeldContainer container = WeldSe.start(Stuck.class)) {
        assertThat(logs.messagesContaining("WARREN-123"))
            .hasSize(2)
            .last()
            .asString()
            .contains("up to PT6S", "prefetch 2", "concurrency 1");
      }
    }
  }
}
