package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.it.support.Broker;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, point 3: after the broker closes a consumer's channel and the consumer opens a new one,
 * a later connection recovery must not revive the old channel and its subscription. The broker's
 * own count of consumers on the queue is the judge. Closes only the test's own connection (by its
 * name), never the broker's others.
 */
class ConsumerChannelIT {

  private static final String QUEUE = "warren.it.consumer-channel";

  private Connection connection;

  @AfterEach
  void tearDown() throws Exception {
    if (connection != null) {
      connection.abort();
    }
    Broker.get().cleanUp();
  }

  @Test
  void aReplacedChannelIsAbortedSoRecoveryLeavesOneConsumer() throws Exception {
    String name = "warren-it-consumer-channel";
    connection = connect(name);
    ConsumerChannel owner = new ConsumerChannel("c", 10, Duration.ofSeconds(5), Runnable::run);
    AtomicReference<Channel> current = new AtomicReference<>();
    AtomicReference<CountDownLatch> closed = new AtomicReference<>(new CountDownLatch(1));
    Runnable open =
        () -> {
          try {
            owner.open(
                connection,
                QUEUE,
                channel -> {
                  current.set(channel);
                  return new DefaultConsumer(channel);
                },
                cause -> closed.get().countDown(),
                new NoRecoveryEvents(),
                Map.of());
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        };
    open.run();
    channelError(current.get());
    assertThat(closed.get().await(10, TimeUnit.SECONDS)).isTrue();
    open.run(); // what ConsumerRunner does after a pause
    assertThat(consumers()).isEqualTo(1);

    recover(name, current.get());

    // the recovered connection has the new channel's consumer only, and keeps it that way
    await().atMost(Duration.ofSeconds(20)).until(() -> consumers() == 1 && current.get().isOpen());
    Thread.sleep(2000); // recovery is done (the listener fired); give a zombie time to show up
    assertThat(consumers()).isEqualTo(1);
    owner.close();
    await().atMost(Duration.ofSeconds(10)).until(() -> consumers() == 0);
  }

  private static Connection connect(String name) throws Exception {
    Broker.get().queue(QUEUE);
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    factory.setAutomaticRecoveryEnabled(true);
    factory.setNetworkRecoveryInterval(200);
    return factory.newConnection(name);
  }

  /** A channel error from the broker: 404 on a passive declare closes the channel. */
  private static void channelError(Channel channel) {
    try {
      channel.queueDeclarePassive("warren.it.no-such-queue");
      throw new AssertionError("the passive declare should have failed");
    } catch (IOException expected) {
      // the broker closed the channel
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> !channel.isOpen());
  }

  /** Closes the test's connection from the broker's side and waits for its recovery. */
  private void recover(String name, Channel recovering) throws Exception {
    CountDownLatch recovered = new CountDownLatch(1);
    ((Recoverable) connection)
        .addRecoveryListener(
            new NoRecoveryEvents() {
              @Override
              public void handleRecovery(Recoverable recoverable) {
                recovered.countDown();
              }
            });
    assertThat(Broker.closeConnectionsNamed(name, "warren-it: simulated connection loss"))
        .isEqualTo(1);
    assertThat(recovered.await(20, TimeUnit.SECONDS)).isTrue();
    await().atMost(Duration.ofSeconds(10)).until(recovering::isOpen);
  }

  private static int consumers() throws IOException {
    try (Connection probe = probe();
        Channel channel = probe.createChannel()) {
      AMQP.Queue.DeclareOk ok = channel.queueDeclarePassive(QUEUE);
      return ok.getConsumerCount();
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IOException(e);
    }
  }

  private static Connection probe() throws IOException, java.util.concurrent.TimeoutException {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    factory.setAutomaticRecoveryEnabled(false);
    return factory.newConnection("warren-it-probe");
  }

  private static class NoRecoveryEvents implements RecoveryListener {
    @Override
    public void handleRecovery(Recoverable recoverable) {}

    @Override
    public void handleRecoveryStarted(Recoverable recoverable) {}
  }
}
