package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Connection;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    new ClientErrors()
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
    ClientErrors errors = new ClientErrors();
    for (int i = 0; i < 5; i++) {
      errors.handleConnectionRecoveryException(
          named("warren"), new ConnectException("Connection refused"));
    }

    assertThat(records).hasSize(1);
    assertThat(records.get(0).getMessage())
        .startsWith("WARREN-204 ")
        .contains("connection 'warren'", "Connection refused");
  }
}
