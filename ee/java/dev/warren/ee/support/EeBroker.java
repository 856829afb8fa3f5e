package dev.warren.ee.support;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The tests' own view of the broker, in the test JVM and inside the servers alike: declares and
 * deletes queues, publishes, counts and takes messages, and runs {@code rabbitmqctl}. The broker is
 * {@code 127.0.0.1:5672} unless {@value #PORT_PROPERTY} names another port (a system property in
 * the test JVM, a key of the test application's MicroProfile Config inside a server). One short
 * connection per call: the servers' tests are few, and nothing is left open between them.
 */
public final class EeBroker {

  public static final String PORT_PROPERTY = "warren.it.broker.port";
  public static final String CTL_PROPERTY = "warren.it.rabbitmqctl";

  private EeBroker() {}

  /** The broker's port. */
  public static int port() {
    String port = System.getProperty(PORT_PROPERTY);
    if (port == null) {
      port =
          org.eclipse.microprofile.config.ConfigProvider.getConfig()
              .getOptionalValue(PORT_PROPERTY, String.class)
              .orElse("5672");
    }
    return Integer.parseInt(port);
  }

  /** Warren's {@code warren.uri} for the broker. */
  public static String uri() {
    return "amqp://guest:guest@127.0.0.1:" + port() + "/";
  }

  /** Something to do on a channel. */
  @FunctionalInterface
  public interface Work<T> {
    T on(Channel channel) throws IOException;
  }

  /** Runs {@code work} on a channel of a fresh connection, then closes both. */
  public static <T> T with(Work<T> work) {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(port());
    factory.setAutomaticRecoveryEnabled(false);
    try (Connection connection = factory.newConnection("warren-ee-tests");
        Channel channel = connection.createChannel()) {
      return work.on(channel);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Deletes, then declares durable queues with {@code arguments}. */
  public static void freshQueues(Map<String, Object> arguments, String... queues) {
    with(
        ch -> {
          for (String queue : queues) {
            ch.queueDelete(queue);
            ch.queueDeclare(queue, true, false, false, arguments);
          }
          return null;
        });
  }

  /** Deletes queues (missing ones too). */
  public static void deleteQueues(String... queues) {
    with(
        ch -> {
          for (String queue : queues) {
            ch.queueDelete(queue);
          }
          return null;
        });
  }

  /** Publishes a persistent UTF-8 message to the default exchange. */
  public static void publish(String queue, String body) {
    with(
        ch -> {
          ch.basicPublish(
              "",
              queue,
              new AMQP.BasicProperties.Builder().deliveryMode(2).build(),
              body.getBytes(StandardCharsets.UTF_8));
          return null;
        });
  }

  /** Ready messages in {@code queue}. */
  public static int ready(String queue) {
    return with(ch -> ch.queueDeclarePassive(queue).getMessageCount());
  }

  /** Consumers on {@code queue}. */
  public static int consumers(String queue) {
    return with(ch -> ch.queueDeclarePassive(queue).getConsumerCount());
  }

  /** Takes every ready message out of {@code queue}. */
  public static List<GetResponse> drain(String queue) {
    return with(
        ch -> {
          List<GetResponse> taken = new ArrayList<>();
          for (GetResponse r = ch.basicGet(queue, true); r != null; r = ch.basicGet(queue, true)) {
            taken.add(r);
          }
          return taken;
        });
  }

  /** The bodies of {@code messages}, as text. */
  public static List<String> bodies(List<GetResponse> messages) {
    return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
  }

  /** How many connections the broker holds whose client-provided name is {@code name}. */
  public static int connectionsNamed(String name) {
    int count = 0;
    for (String line :
        rabbitmqctl("list_connections", "-q", "--no-table-headers", "client_properties")
            .split("\n")) {
      if (line.contains("{\"connection_name\",\"" + name + "\"}")) {
        count++;
      }
    }
    return count;
  }

  /** Runs {@code rabbitmqctl} (or the command {@value #CTL_PROPERTY} names) in the test JVM. */
  public static String rabbitmqctl(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(System.getProperty(CTL_PROPERTY, "rabbitmqctl").trim().split("\\s+")));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(command + " failed: " + output);
      }
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
