package dev.warren.it.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.it.support.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Warren connects over TLS ({@code amqps://}, the JVM's trust store, hostname verified) with the
 * RabbitMQ client's default blocking I/O, and Netty, which Warren's POM excludes, is not needed: a
 * RabbitMQ node of the test's own (it/brokers/node.sh, node 10) listens with a certificate of a
 * throwaway CA, and a service in a JVM that trusts that CA publishes and consumes through it.
 */
@Tag("own-node")
class TlsIT {

  static final int NODE = 10;
  static final int TLS_PORT = 5799;
  static Path dir;

  @BeforeAll
  static void tlsNode() throws Exception {
    dir = Files.createTempDirectory("warren-tls");
    run(
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=warren-test-ca",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem");
    run(
        "openssl",
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=localhost",
        "-keyout",
        "server.key",
        "-out",
        "server.csr");
    Files.writeString(dir.resolve("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
    run(
        "openssl",
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "san.ext",
        "-out",
        "server.pem");
    run(
        "keytool",
        "-importcert",
        "-noprompt",
        "-alias",
        "warren-test-ca",
        "-file",
        "ca.pem",
        "-keystore",
        "trust.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        "changeit");
    node(
        "start",
        Integer.toString(NODE),
        "listeners.ssl.default = 127.0.0.1:" + TLS_PORT,
        "ssl_options.cacertfile = " + dir.resolve("ca.pem"),
        "ssl_options.certfile = " + dir.resolve("server.pem"),
        "ssl_options.keyfile = " + dir.resolve("server.key"),
        "ssl_options.verify = verify_none",
        "ssl_options.fail_if_no_peer_cert = false");
  }

  @AfterAll
  static void stopNode() throws Exception {
    try {
      node("down", Integer.toString(NODE));
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  void publishesAndConsumesOverTlsWithoutNetty() throws Exception {
    List<String> lines = new CopyOnWriteArrayList<>();
    Process service =
        ChildJvm.start(
            TlsService.class,
            List.of(
                "-Djavax.net.ssl.trustStore=" + dir.resolve("trust.p12"),
                "-Djavax.net.ssl.trustStorePassword=changeit"),
            List.of("amqps://guest:guest@localhost:" + TLS_PORT + "/"),
            lines);

    assertThat(service.waitFor(90, TimeUnit.SECONDS)).as("service output: %s", lines).isTrue();
    assertThat(lines).contains("CONFIRMED", "RECEIVED over-tls", "NETTY absent");
    assertThat(service.exitValue()).as("service output: %s", lines).isZero();
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
    }
  }

  /** it/brokers/node.sh with the test's own folder for its node. */
  private static void node(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("bash", Path.of("it/brokers/node.sh").toAbsolutePath().toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("BASE", dir.resolve("brokers").toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(180, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException("node.sh " + String.join(" ", args) + " failed: " + output);
    }
  }
}
