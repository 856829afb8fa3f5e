package dev.warren.internal.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.impl.LongStringHelper;
import dev.warren.QueueType;
import dev.warren.internal.connection.ConsumerChannel;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.TestConsumerModel;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What follows a broker's cancel: on a quorum queue of RabbitMQ 4.3 a subscription at once (a
 * consumer timeout if the queue is there, {@code WARREN-280}), at most once in 5 s; a missing queue
 * is a deleted queue ({@code WARREN-039}); before 4.3, and on classic queues, the 1 s pause.
 */
class ReopeningAfterTimeoutTest {

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final List<Long> starts = new CopyOnWriteArrayList<>();
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          lines.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  private final Logger log = Logger.getLogger(Reopening.class.getName());
  private volatile boolean queueThere = true;

  {
    log.addHandler(capture);
  }

  @AfterEach
  void tearDown() {
    log.removeHandler(capture);
    timer.shutdownNow();
  }

  private static Connection broker(String version) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getServerProperties")) {
                return Map.of("version", LongStringHelper.asLongString(version));
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  private static ConsumerModel model(QueueType type) {
    return TestConsumerModel.consumer()
        .type(type)
        .prefetch(10)
        .concurrency(2)
        .declareTopology(false)
        .build();
  }

  private Reopening reopening(QueueType type, String version) {
    Connection connection = broker(version);
    return new Reopening(
        model(type),
        new ConsumerChannel("orders", 10, Duration.ofSeconds(5), Runnable::run),
        null,
        timer,
        Runnable::run,
        new Reopening.Owner() {
          @Override
          public boolean stopped() {
            return false;
          }

          @Override
          public void state(ConsumerState next) {}

          @Override
          public void start(Connection ignored) throws IOException {
            starts.add(System.nanoTime());
            if (!queueThere) {
              throw new IOException("NOT_FOUND - no queue 'orders.in'");
            }
          }

          @Override
          public Connection connection() {
            return connection;
          }
        });
  }

  private List<String> containing(String id) {
    return lines.stream().filter(l -> l != null && l.contains(id)).toList();
  }

  @Test
  void aQuorumConsumerCancelledOn43SubscribesAgainAtOnceButAtMostOnceInFiveSeconds() {
    Reopening reopening = reopening(QueueType.QUORUM, "4.3.6");
    long cancelled = System.nanoTime();
    reopening.cancelledByBroker(1, Duration.ofSeconds(3));
    await().atMost(Duration.ofSeconds(2)).until(() -> starts.size() == 1);
    assertThat(Duration.ofNanos(starts.get(0) - cancelled)).isLessThan(Duration.ofMillis(500));
    assertThat(containing("WARREN-280"))
        .singleElement()
        .asString()
        .contains("'orders'", "Orders#onOrder", "held a delivery", "PT3S", "at once");

    long again = System.nanoTime();
    reopening.cancelledByBroker(1, Duration.ofSeconds(3));
    await().atMost(Duration.ofSeconds(3)).until(() -> starts.size() == 2);
    assertThat(Duration.ofNanos(starts.get(1) - again))
        .isGreaterThanOrEqualTo(Duration.ofMillis(950));
    assertThat(containing("WARREN-280")).hasSize(2).last().asString().contains("after PT1S");
    assertThat(containing("WARREN-039")).isEmpty();
  }

  @Test
  void aMissingQueueAfterTheCancelIsADeletedQueueNotATimeout() {
    queueThere = false;
    reopening(QueueType.QUORUM, "4.3.6").cancelledByBroker(1, Duration.ofSeconds(3));
    await().atMost(Duration.ofSeconds(2)).until(() -> !containing("WARREN-039").isEmpty());
    assertThat(containing("WARREN-280")).isEmpty();
  }

  @Test
  void beforeRabbitMq43AndOnClassicQueuesACancelIsADeletedQueue() {
    reopening(QueueType.QUORUM, "4.0.5").cancelledByBroker(1, Duration.ofSeconds(3));
    reopening(QueueType.CLASSIC, "4.3.6").cancelledByBroker(1, Duration.ofSeconds(3));
    assertThat(containing("WARREN-039")).hasSize(2);
    assertThat(starts).isEmpty(); // the first attempt waits 1 s
    assertThat(containing("WARREN-280")).isEmpty();
  }
}
