package dev.warren.it.core;

import static dev.warren.it.support.Tools.someThreadIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.RequestException;
import dev.warren.Requester;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A broker that does not answer: a memory alarm ({@code set_vm_memory_high_watermark 0}) blocks a
 * connection once it publishes, and the broker then reads nothing more from it, so that every
 * broker call on it waits up to the client's RPC timeout (10 minutes). Warren's timer must keep
 * firing meanwhile, and shutdown must end within {@code warren.shutdown-timeout} and its bounded
 * closing. On a RabbitMQ node of the test's own (node 24, port 5704; {@code
 * -Dwarren.it.blocked.node}). The connections are shared, so that the test can block the consumers'
 * connection by publishing on the injected one.
 */
@Tag("own-node")
class BlockedBrokerIT {

  static final String ORDERS = "warren.it.blocked.orders";
  static final String NOBODY = "warren.it.blocked.nobody"; // requests nobody answers
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.blocked.node", 24));

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
  void config() throws Exception {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.connections", "shared");
    TestConfig.set("warren.shutdown-timeout", "1s");
    try (Connection admin = admin();
        Channel channel = admin.createChannel()) {
      channel.queueDeclare(ORDERS, true, false, false, null);
      channel.queueDeclare(NOBODY, false, false, false, null);
    }
  }

  @AfterEach
  void undeploy() {
    // the alarm ends first: the broker answers again, and whatever still waits on it goes on
    NODE.ctl("set_vm_memory_high_watermark", "0.4");
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
  }

  static Connection admin() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(NODE.uri());
    factory.setVirtualHost("/");
    return factory.newConnection("warren-it-blocked-admin");
  }

  @ApplicationScoped
  public static class Orders {
    @RabbitConsumer(queue = ORDERS)
    public Outcome order(String body) {
      return Outcome.ack();
    }
  }

  /**
   * Raises the memory alarm and publishes on the application's (shared) connection, which the
   * broker then blocks: it reads nothing more from it. Returns once the client is told.
   */
  void blockTheConnection() throws Exception {
    Connection connection = container.select(Connection.class).get();
    Channel raw = connection.createChannel(); // opened before the alarm
    assertThat(NODE.block(connection, raw, 20)).as("the connection is blocked").isTrue();
  }

  @Test
  void aRequestTimesOutWhileAResubscriptionWaitsForABlockedBroker() throws Exception {
    container = WeldSe.start(Orders.class);
    Requester requester = container.select(Requester.class).get();
    // the requester's channel opens before the alarm: a timeout is all that can end a request now
    CompletableFuture<String> first =
        requester
            .request("", NOBODY, "warm-up", String.class, Duration.ofMillis(200))
            .toCompletableFuture();
    assertThatTimesOut(first, Duration.ofSeconds(5));

    blockTheConnection();
    // the broker cancels the subscription (it still writes to a blocked connection); Warren
    // subscribes again after 1 s: a channel.open the broker never answers
    try (Connection admin = admin();
        Channel channel = admin.createChannel()) {
      channel.queueDelete(ORDERS);
      channel.queueDeclare(ORDERS, true, false, false, null);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> someThreadIn("Reopening.resubscribe"));

    CompletableFuture<String> request =
        requester
            .request("", NOBODY, "order-1", String.class, Duration.ofSeconds(1))
            .toCompletableFuture();
    // on a timer that waits for the broker, the timeout would fire in 10 minutes
    assertThatTimesOut(request, Duration.ofSeconds(5));
  }

  @Test
  void shutdownEndsWithinItsTimeoutAgainstABlockedBroker() throws Exception {
    container = WeldSe.start(Orders.class);
    blockTheConnection();

    WeldContainer stopping = container;
    long start = System.nanoTime();
    CompletableFuture<Void> shutdown = CompletableFuture.runAsync(stopping::shutdown);
    // 1 s shutdown timeout, at most 5 s to close channels and connections, and a margin
    try {
      shutdown.get(10, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError(
          "shutdown still waits for the broker after "
              + Duration.ofNanos(System.nanoTime() - start).toMillis()
              + " ms",
          e);
    }
    container = null;
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(9));
  }

  static void assertThatTimesOut(CompletableFuture<?> request, Duration within) throws Exception {
    try {
      request.get(within.toMillis(), TimeUnit.MILLISECONDS);
      throw new AssertionError("the request got a reply, but nobody answers");
    } catch (TimeoutException e) {
      throw new AssertionError("the request did not time out within " + within, e);
    } catch (ExecutionException e) {
      assertThat(e.getCause()).isInstanceOf(RequestException.class);
      assertThat(((RequestException) e.getCause()).reason())
          .isEqualTo(RequestException.Reason.TIMED_OUT);
    }
  }
}
