package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * RabbitMQ 4.3 cancels a quorum queue's consumer at its consumer timeout; acks sent on its channel
 * afterwards (ones that crossed the cancel on the wire, say) for every delivery it held re-activate
 * the consumer, and the broker then delivers to the tag the client dropped. Without a default
 * consumer amqp-client throws "Unsolicited delivery" and closes the whole connection; the
 * consumer's channel has one, so the connection stays open and the stray deliveries go back to the
 * queue when the channel closes.
 */
class ReactivatedConsumerIT {

  private static final String QUEUE = "warren.it.timeout43.reactivated";

  private Connection connection;

  @AfterEach
  void tearDown() throws Exception {
    if (connection != null) {
      connection.abort();
    }
    Broker.get().cleanUp();
  }

  @Test
  void aDeliveryToTheCancelledTagReachesTheDefaultConsumerAndTheConnectionStaysOpen()
      throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    connection = factory.newConnection("warren-it-reactivated");
    assumeTrue(
        BrokerVersion.of(connection.getServerProperties()).atLeast(4, 3),
        "the broker cancels timed-out quorum consumers from 4.3 on");
    Broker.get().queue(QUEUE, Map.of("x-queue-type", "quorum"));
    List<ShutdownSignalException> closes = new CopyOnWriteArrayList<>();
    connection.addShutdownListener(closes::add);
    List<Long> delivered = new CopyOnWriteArrayList<>();
    CountDownLatch cancelled = new CountDownLatch(1);
    Channel[] subscribed = new Channel[1];
    ConsumerChannel owner =
        new ConsumerChannel("reactivated", 10, Duration.ofSeconds(5), Runnable::run);
    owner.open(
        connection,
        QUEUE,
        channel -> {
          subscribed[0] = channel;
          return new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(
                String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
              delivered.add(envelope.getDeliveryTag());
            }

            @Override
            public void handleCancel(String tag) {
              cancelled.countDown();
            }
          };
        },
        cause -> {},
        new NoRecoveryEvents(),
        Map.of("x-consumer-timeout", 1000));
    Broker.get().publish(QUEUE, "first");
    Broker.get().publish(QUEUE, "second");
    await().atMost(Duration.ofSeconds(10)).until(() -> delivered.size() == 2);
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();

    Logger channelLog = Logger.getLogger(ConsumerChannel.class.getName());
    Level before = channelLog.getLevel();
    channelLog.setLevel(Level.FINE);
    try (LogCapture logs = LogCapture.start()) {
      // what settlements on the cancelled channel would do: settling the last of the deliveries
      // the consumer held re-activates it (one of two does not, measured on 4.3.6)
      subscribed[0].basicAck(delivered.get(0), false);
      subscribed[0].basicAck(delivered.get(1), false);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !logs.messagesContaining("which the broker had cancelled").isEmpty());
      Thread.sleep(500); // whatever else the broker sends to the dropped tag
      assertThat(closes).isEmpty();
      assertThat(connection.isOpen()).isTrue();
      assertThat(subscribed[0].isOpen()).isTrue();
    } finally {
      channelLog.setLevel(before);
    }

    // closing the channel returns what reached the default consumer: nothing is lost
    owner.close();
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(QUEUE) == 2);
    assertThat(
            Broker.get().drain(QUEUE).stream()
                .map(r -> new String(r.getBody(), StandardCharsets.UTF_8))
                .toList())
        .containsExactlyInAnyOrder("first", "second");
    assertThat(closes).isEmpty();
  }

  private static class NoRecoveryEvents implements RecoveryListener {
    @Override
    public void handleRecovery(Recoverable recoverable) {}

    @Override
    public void handleRecoveryStarted(Recoverable recoverable) {}
  }
}
