package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.MalformedFrameException;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client's error reports reach Warren's log with ids, recovery failures rate-limited. */
class ClientErrorsTest {

  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Logger logger = Logger.getLogger(ClientErrors.class.getName());
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(capture);
  }

  /** A connection that only knows its name: all the handler asks of it. */
  private static Connection named(String name) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                method.getName().equals("getClientProvidedName") ? name : null);
  }

  @Test
  void aBrokenConnectionIsAWarningWithItsNameAndCause() {
    new ClientErrors(null, Runnable::run)
        .handleUnexpectedConnectionDriverException(
            named("warren"), new IOException("connection reset"));

    assertThat(records)
        .singleElement()
        .satisfies(r -> assertThat(r.getLevel()).isEqualTo(Level.WARNING));
    assertThat(records.get(0).getMessage())
        .startsWith("WARREN-203 ")
        .contains("'warren'", "connection reset");
    assertThat(records.get(0).getThrown()).hasMessage("connection reset");
  }

  @Test
  void failedRecoveriesAreLoggedOnceAMinuteEvenWhenTheBrokerIsSimplyAway() {
    ClientErrors errors = new ClientErrors(null, Runnable::run);
    for (int i = 0; i < 5; i++) {
      errors.handleConnectionRecoveryException(
          named("warren"), new ConnectException("Connection refused"));
    }

    assertThat(records).hasSize(1);
    assertThat(records.get(0).getMessage())
        .startsWith("WARREN-204 ")
        .contains("connection 'warren'", "Connection refused");
  }

  @Test
  void aFrameTheClientCannotReadIsLeftToTheConnectionsWatchWhichTellsALoop() {
    Logger watchLog = Logger.getLogger(UnreadableFrames.class.getName());
    watchLog.addHandler(capture);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try {
      UnreadableFrames frames =
          new UnreadableFrames("app-consumer-orders", Duration.ofSeconds(1), true, timer);
      frames.consumer("orders", "orders-q");
      ClientErrors errors = new ClientErrors(frames, Runnable::run);
      MalformedFrameException unreadable =
          new MalformedFrameException("Too many levels of nested tables/arrays (max 32)");
      for (int i = 0; i < 4; i++) {
        errors.handleUnexpectedConnectionDriverException(named("app-consumer-orders"), unreadable);
        frames.handleRecovery(null);
      }

      assertThat(records)
          .extracting(LogRecord::getLevel)
          .containsExactly(Level.WARNING, Level.SEVERE);
      assertThat(records.get(0).getMessage())
          .startsWith("WARREN-125 ")
          .contains("'app-consumer-orders'", "consumer 'orders' (queue 'orders-q')", "max 32");
      assertThat(records.get(1).getMessage())
          .startsWith("WARREN-126 ")
          .contains(
              "'app-consumer-orders'",
              "consumer 'orders'",
              "stays first in queue 'orders-q'",
              "Reject requeue false",
              "purge_queue",
              "waits PT1S")
          .doesNotContain("per-consumer"); // it is isolated already
      assertThat(frames.looping()).isTrue();
      assertThat(frames.getDelay(0)).isEqualTo(4000);
    } finally {
      watchLog.removeHandler(capture);
      timer.shutdownNow();
    }
  }

  /** A channel that records each close with the thread that closed it. */
  private static Channel closable(List<String> closes) {
    Connection connection = named("warren-consumers");
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getChannelNumber" -> 7;
                  case "getConnection" -> connection;
                  case "toString" -> "channel 7";
                  case "close" -> {
                    closes.add(args[1] + " on " + Thread.currentThread().getName());
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  @Test
  void aFailingCallbacksChannelIsClosedByTheCloserNeverOnTheCallbacksOwnThread()
      throws InterruptedException {
    List<String> closes = new CopyOnWriteArrayList<>();
    List<Runnable> handedOver = new ArrayList<>();
    ClientErrors errors = new ClientErrors(null, handedOver::add);

    errors.handleConsumerException(
        closable(closes), new IllegalStateException("boom"), null, "tag-1", "handleDelivery");

    // the callback's thread may be the I/O thread, the only one that reads the close-ok
    assertThat(closes).isEmpty();
    assertThat(handedOver).hasSize(1);
    assertThat(records)
        .singleElement()
        .satisfies(r -> assertThat(r.getLevel()).isEqualTo(Level.SEVERE));
    assertThat(records.get(0).getMessage()).contains("handleDelivery", "7 of 'warren-consumers'");

    Thread closer = new Thread(handedOver.get(0), "closer");
    closer.start();
    closer.join(5_000);
    assertThat(closes)
        .containsExactly(
            "Closed due to exception from Consumer (tag-1) method handleDelivery for channel channel 7 on closer");
  }

  @Test
  void aFailingCallbackWhileWarrenStopsLeavesItsChannelToWarrensOwnClose() {
    List<String> closes = new CopyOnWriteArrayList<>();
    ClientErrors errors =
        new ClientErrors(
            null,
            task -> {
              throw new RejectedExecutionException("stopping");
            });

    errors.handleConfirmListenerException(closable(closes), new IllegalStateException("boom"));

    assertThat(closes).isEmpty();
    assertThat(records)
        .singleElement()
        .satisfies(r -> assertThat(r.getLevel()).isEqualTo(Level.SEVERE));
  }
}
