package dev.warren.it.support;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.internal.model.BrokerVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The test's own raw view of the real broker: declares and deletes what a test needs, publishes,
 * counts and reads messages. Reconnects when its connection was closed (for example by {@code
 * rabbitmqctl close_all_connections}). Every queue it declares is deleted by {@link #cleanUp()}.
 *
 * <p>The broker is {@code 127.0.0.1:5672} unless the system property {@value #PORT_PROPERTY} names
 * another port (the build passes it on, e.g. {@code -Dwarren.it.broker.port=5673} for a RabbitMQ 4
 * node), and {@code rabbitmqctl} is the command that controls it unless {@value #CTL_PROPERTY}
 * names another (a command line, split at spaces, e.g. {@code it/brokers/node.sh ctl 1}).
 */
public final class Broker {

  /** The system property that names the test broker's port. */
  public static final String PORT_PROPERTY = "warren.it.broker.port";

  /** The system property that names the command controlling the test broker. */
  public static final String CTL_PROPERTY = "warren.it.rabbitmqctl";

  public static final String HOST = "127.0.0.1";
  public static final int PORT = Integer.getInteger(PORT_PROPERTY, 5672);

  private static final Broker INSTANCE = new Broker();

  private final Set<String> queues = new LinkedHashSet<>();
  private final Set<String> exchanges = new LinkedHashSet<>();
  private Connection connection;
  private Channel channel;

  public static Broker get() {
    return INSTANCE;
  }

  /** The test broker's URI as Warren's {@code warren.uri} (guest/guest, the default vhost). */
  public static String uri() {
    return uri("guest");
  }

  /** The test broker's URI with user {@code guest} and {@code password}. */
  public static String uri(String password) {
    return "amqp://guest:" + password + "@" + HOST + ":" + PORT + "/";
  }

  private synchronized Channel channel() {
    try {
      if (connection == null || !connection.isOpen()) {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(HOST);
        factory.setPort(PORT);
        factory.setAutomaticRecoveryEnabled(false);
        connection = factory.newConnection("warren-it-broker");
        channel = null;
      }
      if (channel == null || !channel.isOpen()) {
        channel = connection.createChannel();
      }
      return channel;
    } catch (IOException | TimeoutException e) {
      throw new IllegalStateException("the test broker at " + HOST + ":" + PORT + " is not up", e);
    }
  }

  /**
   * The broker's major version (e.g. 4 for {@code 4.0.5}), for tests whose expectations differ
   * between RabbitMQ 3.x and 4.x.
   */
  public int majorVersion() {
    return versionPart(0);
  }

  /** The broker's version, read as Warren reads it, for tests whose expectations differ. */
  public synchronized BrokerVersion version() {
    channel();
    return BrokerVersion.of(connection.getServerProperties());
  }

  /** Whether the broker is RabbitMQ 4 or later. */
  public boolean rabbitMq4() {
    return majorVersion() >= 4;
  }

  /**
   * Whether the broker is RabbitMQ {@code major.minor} or later, for tests whose expectations
   * differ from one version on (e.g. {@code atLeast(4, 3)}: the facts of RabbitMQ 4.3.6).
   */
  public boolean atLeast(int major, int minor) {
    return version().atLeast(major, minor);
  }

  private int versionPart(int index) {
    String[] parts = version().text().split("[.-]");
    return index < parts.length ? Integer.parseInt(parts[index]) : 0;
  }

  /** Deletes then declares a durable classic queue, remembered for clean-up. */
  public synchronized Broker queue(String name) {
    return queue(name, Map.of());
  }

  /** Deletes then declares a durable queue with {@code arguments}, remembered for clean-up. */
  public synchronized Broker queue(String name, Map<String, Object> arguments) {
    try {
      channel().queueDelete(name);
      channel().queueDeclare(name, true, false, false, arguments);
      queues.add(name);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Declares a durable exchange, remembered for clean-up. */
  public synchronized Broker exchange(String name, String type) {
    try {
      channel().exchangeDeclare(name, type, true);
      exchanges.add(name);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Binds {@code queue} to {@code exchange} with {@code routingKey}. */
  public synchronized Broker bind(String queue, String exchange, String routingKey) {
    try {
      channel().queueBind(queue, exchange, routingKey);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Removes the binding of {@code queue} to {@code exchange} with {@code routingKey}. */
  public synchronized Broker unbind(String queue, String exchange, String routingKey) {
    try {
      channel().queueUnbind(queue, exchange, routingKey);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes an exchange now (it stays remembered for clean-up). */
  public synchronized void deleteExchange(String name) {
    try {
      channel().exchangeDelete(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes a queue now (and forgets it). */
  public synchronized void deleteQueue(String name) {
    try {
      channel().queueDelete(name);
      queues.remove(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Remembers a queue that Warren declares, so that clean-up deletes it. */
  public synchronized Broker forget(String name) {
    queues.add(name);
    return this;
  }

  /** Publishes a persistent UTF-8 message to the default exchange. */
  public void publish(String queue, String body) {
    publish(queue, body, null);
  }

  /** Publishes a persistent message with headers to the default exchange. */
  public synchronized void publish(String queue, String body, Map<String, Object> headers) {
    publish(queue, body.getBytes(StandardCharsets.UTF_8), headers);
  }

  /** Publishes raw bytes with headers to the default exchange. */
  public synchronized void publish(String queue, byte[] body, Map<String, Object> headers) {
    AMQP.BasicProperties props =
        new AMQP.BasicProperties.Builder().deliveryMode(2).headers(headers).build();
    try {
      channel().basicPublish("", queue, props, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Publishes a persistent UTF-8 message to {@code exchange} with {@code routingKey}. */
  public synchronized void publishTo(String exchange, String routingKey, String body) {
    AMQP.BasicProperties props = new AMQP.BasicProperties.Builder().deliveryMode(2).build();
    try {
      channel().basicPublish(exchange, routingKey, props, body.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The number of consumers of {@code queue}; -1 when it does not exist. */
  public synchronized int consumers(String queue) {
    try {
      return channel().queueDeclarePassive(queue).getConsumerCount();
    } catch (IOException e) {
      channel = null;
      return -1;
    }
  }

  /** The number of ready messages in {@code queue} (unacknowledged ones are not counted). */
  public synchronized int ready(String queue) {
    try {
      return channel().queueDeclarePassive(queue).getMessageCount();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether {@code queue} exists. */
  public synchronized boolean exists(String queue) {
    try {
      channel().queueDeclarePassive(queue);
      return true;
    } catch (IOException e) {
      channel = null;
      return false;
    }
  }

  /**
   * Whether the broker refuses to declare {@code queue} (durable) with {@code arguments}, as it
   * does when they differ from the existing queue's (406 PRECONDITION_FAILED).
   */
  public synchronized boolean redeclareRefused(String queue, Map<String, Object> arguments) {
    try {
      channel().queueDeclare(queue, true, false, false, arguments);
      return false;
    } catch (IOException e) {
      channel = null;
      return true;
    }
  }

  /** Takes every ready message out of {@code queue} (auto-ack) and returns them. */
  public synchronized List<GetResponse> drain(String queue) {
    List<GetResponse> result = new ArrayList<>();
    try {
      for (GetResponse r = channel().basicGet(queue, true);
          r != null;
          r = channel().basicGet(queue, true)) {
        result.add(r);
      }
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes everything this helper declared or was told about. */
  public synchronized void cleanUp() {
    for (String queue : queues) {
      try {
        channel().queueDelete(queue);
      } catch (IOException e) {
        channel = null;
      }
    }
    for (String exchange : exchanges) {
      try {
        channel().exchangeDelete(exchange);
      } catch (IOException e) {
        channel = null;
      }
    }
    queues.clear();
    exchanges.clear();
  }

  /**
   * Closes, from the broker's side, every connection whose client-provided name is {@code name}.
   */
  public static int closeConnectionsNamed(String name, String reason) {
    int closed = 0;
    String listing =
        rabbitmqctl("list_connections", "-q", "--no-table-headers", "pid", "client_properties");
    for (String line : listing.split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0 && line.contains("{\"connection_name\",\"" + name + "\"}")) {
        rabbitmqctl("close_connection", line.substring(0, tab).trim(), reason);
        closed++;
      }
    }
    return closed;
  }

  /**
   * Runs {@code rabbitmqctl} (or the command {@value #CTL_PROPERTY} names) against the test broker
   * with {@code args} and returns its output; fails if it fails.
   */
  public static String rabbitmqctl(String... args) {
    List<String> command = new ArrayList<>();
    command.addAll(List.of(System.getProperty(CTL_PROPERTY, "rabbitmqctl").trim().split("\\s+")));
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
