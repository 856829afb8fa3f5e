package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Configuration and connection errors each get their own id and advice, and Warren never connects
 * with settings the user did not give: an invalid URI, a missing or forbidden virtual host, a TLS
 * port reached with amqp://, a user that may not declare, unknown keys, wrong credentials in an
 * application that only publishes, and two FailureMappers for one exception type.
 */
class ConnectionProblemsIT {

  static final String PRESENT = "warren.it.connect.present";
  static final String MISSING = "warren.it.connect.missing";
  static final String DECLARED = "warren.it.connect.declared";
  static final String USER = "warren-it-connect-user";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Broker.get().queue(PRESENT);
    Broker.get().deleteQueue(MISSING);
    Broker.get().deleteQueue(DECLARED);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().forget(DECLARED);
    Broker.get().cleanUp();
    try {
      Broker.rabbitmqctl("delete_user", USER);
    } catch (IllegalStateException e) {
      // no such user: the test did not create it
    }
  }

  @ApplicationScoped
  public static class Fine {
    @RabbitConsumer(queue = PRESENT)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class OnMissingQueue {
    @RabbitConsumer(queue = MISSING)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Declaring {
    @RabbitConsumer(queue = DECLARED)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class OnlyPublishes {
    @Inject Publisher publisher;
  }

  @ApplicationScoped
  public static class StateMapper implements FailureMapper<IllegalStateException> {
    @Override
    public Outcome toOutcome(IllegalStateException failure, dev.warren.Delivery delivery) {
      return Outcome.drop();
    }
  }

  @ApplicationScoped
  public static class OtherStateMapper implements FailureMapper<IllegalStateException> {
    @Override
    public Outcome toOutcome(IllegalStateException failure, dev.warren.Delivery delivery) {
      return Outcome.retry();
    }
  }

  @Test
  void anInvalidUriIsTheOnlyProblemAndWarrenConnectsNowhere() {
    for (String uri :
        new String[] {"amqp//x", "http://127.0.0.1:" + Broker.PORT + "/", "amqp://a b/"}) {
      TestConfig.set("warren.uri", uri);
      String failure = WeldSe.deploymentFailure(OnMissingQueue.class);

      // old behaviour: WARREN-004, then a connection to localhost:5672 as guest/guest and a
      // WARREN-016 for the queue missing there
      assertThat(failure)
          .as(uri)
          .startsWith("WARREN-001 Warren found 1 deployment problem: WARREN-004")
          .contains("'warren.uri'")
          .doesNotContain("WARREN-016", "WARREN-002");
    }
  }

  @Test
  void aPortThatIsNoNumberIsNamed() {
    TestConfig.set("warren.uri", "amqp://127.0.0.1:56x2/");
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-004", "the port '56x2' is not a number")
        .doesNotContain("names no host");
  }

  @Test
  void aVirtualHostThatDoesNotExistHasItsOwnId() {
    TestConfig.set("warren.virtual-host", "warren-it-no-such-vhost");
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains(
            "WARREN-131", "no virtual host 'warren-it-no-such-vhost'", "'warren.virtual-host'")
        .doesNotContain("WARREN-002", "start the broker");
  }

  @Test
  void aVirtualHostTheUserMayNotUseHasItsOwnId() {
    Broker.rabbitmqctl("add_user", USER, "pw-" + USER);
    TestConfig.set("warren.username", USER);
    TestConfig.set("warren.password", "pw-" + USER);
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-132", "user '" + USER + "'", "virtual host '/'", "set_permissions")
        .doesNotContain("WARREN-002", "pw-" + USER);
  }

  @Test
  void aDeclareTheUserMayNotMakeIsWarren017WithThePermissionToGrant() {
    Broker.rabbitmqctl("add_user", USER, "pw-" + USER);
    Broker.rabbitmqctl("set_permissions", "-p", "/", USER, "^$", "^$", ".*");
    TestConfig.set("warren.username", USER);
    TestConfig.set("warren.password", "pw-" + USER);
    TestConfig.set("warren.declare-topology", "true");
    assertThat(WeldSe.deploymentFailure(Declaring.class))
        .contains(
            "WARREN-017",
            "the broker refused declaring queue '" + DECLARED + "'",
            "ACCESS_REFUSED",
            "user '" + USER + "' lacks the permission")
        .doesNotContain("WARREN-018");
  }

  @Test
  void plainAmqpAtATlsPortSaysThatThePortMaySpeakTls() throws Exception {
    try (TlsPort tls = TlsPort.open()) {
      TestConfig.set("warren.uri", "amqp://guest:guest@127.0.0.1:" + tls.port() + "/");
      assertThat(WeldSe.deploymentFailure(Fine.class))
          .contains("WARREN-133", "'127.0.0.1:" + tls.port() + "'", "amqps://")
          .doesNotContain("WARREN-002");
    }
  }

  @Test
  void unknownKeysAreWarnedAboutAndFailDeploymentWhenStrict() {
    TestConfig.set("warren.consumers." + PRESENT + ".prefech", "5");
    TestConfig.set("warren.consumers.warren.it.connect.absent.prefetch", "5");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Fine.class)) {
      assertThat(logs.messagesContaining("WARREN-130"))
          .anySatisfy(
              m ->
                  assertThat(m)
                      .contains(
                          "'warren.consumers." + PRESENT + ".prefech'",
                          "did you mean 'warren.consumers." + PRESENT + ".prefetch'?"))
          .anySatisfy(
              m ->
                  assertThat(m)
                      .contains("names consumer 'warren.it.connect.absent'", "'" + PRESENT + "'"));
    }

    TestConfig.set("warren.strict-config", "true");
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-001 Warren found 2 deployment problems (WARREN-130)")
        .contains("'warren.consumers." + PRESENT + ".prefech'");
  }

  @Test
  void wrongCredentialsFailTheDeploymentOfAnApplicationThatOnlyPublishes() {
    TestConfig.set("warren.uri", Broker.uri("not-the-password"));
    assertThat(WeldSe.deploymentFailure(OnlyPublishes.class))
        .contains("WARREN-003", "user 'guest'")
        .doesNotContain("not-the-password");
  }

  @Test
  void twoFailureMappersForOneExceptionTypeAreADeploymentProblem() {
    assertThat(WeldSe.deploymentFailure(Fine.class, StateMapper.class, OtherStateMapper.class))
        .contains(
            "WARREN-134",
            "'java.lang.IllegalStateException'",
            StateMapper.class.getName(),
            OtherStateMapper.class.getName());
  }

  /**
   * A TLS listener (a throwaway key pair from keytool), as RabbitMQ's TLS port would answer: it
   * expects a TLS handshake, so plain AMQP gets TLS bytes back.
   */
  private record TlsPort(SSLServerSocket socket, Thread acceptor, Path dir)
      implements AutoCloseable {

    static TlsPort open() throws Exception {
      Path dir = Files.createTempDirectory("warren-tls-port");
      Path store = dir.resolve("server.p12");
      Process keytool =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                  "-genkeypair",
                  "-alias",
                  "server",
                  "-keyalg",
                  "RSA",
                  "-keystore",
                  store.toString(),
                  "-storetype",
                  "PKCS12",
                  "-storepass",
                  "changeit",
                  "-dname",
                  "CN=localhost",
                  "-validity",
                  "2")
              .redirectErrorStream(true)
              .start();
      keytool.getInputStream().readAllBytes();
      assertThat(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0).isTrue();
      KeyStore keys = KeyStore.getInstance("PKCS12");
      try (FileInputStream in = new FileInputStream(store.toFile())) {
        keys.load(in, "changeit".toCharArray());
      }
      KeyManagerFactory managers = KeyManagerFactory.getInstance("PKIX");
      managers.init(keys, "changeit".toCharArray());
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(managers.getKeyManagers(), null, null);
      SSLServerSocket socket =
          (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0);
      Thread acceptor =
          new Thread(
              () -> {
                while (!socket.isClosed()) {
                  try (SSLSocket client = (SSLSocket) socket.accept()) {
                    client.setSoTimeout(5000);
                    client.startHandshake();
                  } catch (IOException e) {
                    // a plain client fails the handshake: that is the point
                  }
                }
              },
              "tls-port");
      acceptor.setDaemon(true);
      acceptor.start();
      return new TlsPort(socket, acceptor, dir);
    }

    int port() {
      return socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
