package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.internal.model.BrokerVersion;
import java.io.IOException;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The raw client's side of the benchmark's set-up: one connection for declaring, filling and
 * deleting queues (never used by a measured run), and the factory the raw runs open their own
 * connections with. Remembers every queue and exchange it declares and deletes them all in {@link
 * #close()}.
 */
final class BenchBroker implements AutoCloseable {

  /** Every benchmark message: 1 KiB of random bytes, the same array for raw and Warren. */
  static final byte[] BODY = randomBody(1024);

  /**
   * 4,096 different bodies of 1 KiB: {@link #BODY} with its index in the first 8 bytes. Runs that
   * fill a queue or publish cycle through them, raw and Warren alike, so that the messages in
   * flight at a time differ, as an application's do (Warren tells a returned message by its
   * content, and marks only repeats of one still unconfirmed with a header).
   */
  private static final byte[][] BODIES = new byte[4096][];

  static {
    for (int i = 0; i < BODIES.length; i++) {
      BODIES[i] = BODY.clone();
      for (int b = 0; b < 8; b++) {
        BODIES[i][b] = (byte) (i >>> (8 * b));
      }
    }
  }

  /** The body of a run's {@code i}-th message. */
  static byte[] body(int i) {
    return BODIES[i & (BODIES.length - 1)];
  }

  /** Persistent, octet-stream: what Warren sets for a {@code byte[]} payload. */
  static final AMQP.BasicProperties PERSISTENT =
      new AMQP.BasicProperties.Builder()
          .contentType("application/octet-stream")
          .deliveryMode(2)
          .build();

  private static final int FILL_WINDOW = 5_000;
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final ConnectionFactory factory;
  private final Connection admin;
  private final Set<String> declared = ConcurrentHashMap.newKeySet();
  private final Set<String> exchanges = ConcurrentHashMap.newKeySet();

  BenchBroker(String uri) throws Exception {
    factory = new ConnectionFactory();
    factory.setUri(uri);
    if (factory.getVirtualHost().isEmpty()) {
      factory.setVirtualHost("/");
    }
    // the set-up connection recovers when another build's test closes every connection, but
    // declares nothing again: its queues are declared and deleted run by run
    ConnectionFactory adminFactory = factory.clone();
    adminFactory.setTopologyRecoveryEnabled(false);
    admin = adminFactory.newConnection("warren-bench-admin");
    // an interrupted benchmark (Ctrl-C) still deletes its queues
    Runtime.getRuntime().addShutdownHook(new Thread(this::deleteDeclared, "warren-bench-cleanup"));
  }

  /**
   * A new connection for a raw run, with the client's defaults (automatic and topology recovery on,
   * as Warren's connection has them).
   */
  Connection connect(String name) throws IOException, TimeoutException {
    return factory.newConnection(name);
  }

  /**
   * Declares a new, empty, durable queue named {@code base}, this JVM's process id and a run
   * number, e.g. {@code warren.bench.publish.4242.7}. Every run gets a queue of its own: deleting a
   * quorum queue and at once declaring it again under the same name is a path this benchmark does
   * not mean to measure (the broker logged segment-writer warnings for it here).
   */
  String declareFresh(String base, boolean quorum) throws IOException, TimeoutException {
    String queue = freshName(base);
    declare(queue, quorum ? Map.of("x-queue-type", "quorum") : Map.of());
    return queue;
  }

  /** {@code base}, this JVM's process id and a new run number, e.g. {@code base.4242.7}. */
  static String freshName(String base) {
    return base + "." + ProcessHandle.current().pid() + "." + RUNS.incrementAndGet();
  }

  /** Declares a durable queue with {@code arguments}, which {@link #close()} deletes. */
  void declare(String queue, Map<String, Object> arguments) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      declared.add(queue);
      channel.queueDeclare(queue, true, false, false, arguments);
    }
  }

  /** Declares a durable exchange of {@code type}, which {@link #close()} deletes. */
  void declareExchange(String exchange, String type) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      exchanges.add(exchange);
      channel.exchangeDeclare(exchange, type, true);
    }
  }

  /** Deletes {@code exchange}. */
  void deleteExchange(String exchange) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      channel.exchangeDelete(exchange);
      exchanges.remove(exchange);
    }
  }

  /** The broker's version and what it knows of versions ({@code server-properties}). */
  BrokerVersion version() {
    return BrokerVersion.of(admin.getServerProperties());
  }

  /**
   * Declares a new, empty, durable classic queue as {@link #declareFresh(String, boolean)} does,
   * with {@code arguments} (a peer's retry queue dead-letters back to itself, for one).
   *
   * @param arguments the queue's arguments, given the queue's name
   */
  String declareFresh(
      String base, java.util.function.Function<String, Map<String, Object>> arguments)
      throws IOException, TimeoutException {
    String queue = freshName(base);
    declare(queue, arguments.apply(queue));
    return queue;
  }

  /** Binds {@code queue} to {@code exchange} with the queue's name as routing key. */
  void bind(String queue, String exchange) throws IOException, TimeoutException {
    bind(queue, exchange, queue);
  }

  /** Binds {@code queue} to {@code exchange} with {@code key}. */
  void bind(String queue, String exchange, String key) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      channel.queueBind(queue, exchange, key);
    }
  }

  /** Declares {@code queue} as a durable classic queue unless it exists. */
  void declare(String queue) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      declared.add(queue);
      channel.queueDeclare(queue, true, false, false, null);
    }
  }

  /**
   * Publishes {@code count} persistent messages ({@link #body}) to {@code queue} with confirms and
   * waits until the broker has confirmed every one and the queue shows them all as ready.
   */
  void fill(String queue, int count) throws Exception {
    fill("", i -> queue, count);
    long ready = messageCount(queue);
    if (ready != count) {
      throw new IllegalStateException(
          "queue '" + queue + "' holds " + ready + " ready messages after filling " + count);
    }
  }

  /**
   * Publishes {@code count} persistent messages ({@link #body}) to {@code exchange}, the {@code
   * i}-th (from 1) with {@code routingKey.apply(i)}, and waits until the broker has confirmed every
   * one.
   */
  void fill(String exchange, IntFunction<String> routingKey, int count) throws Exception {
    try (Channel channel = admin.createChannel()) {
      channel.confirmSelect();
      for (int i = 1; i <= count; i++) {
        channel.basicPublish(exchange, routingKey.apply(i), PERSISTENT, body(i));
        if (i % FILL_WINDOW == 0) {
          channel.waitForConfirmsOrDie(TimeUnit.SECONDS.toMillis(60));
        }
      }
      channel.waitForConfirmsOrDie(TimeUnit.SECONDS.toMillis(60));
    }
  }

  /** The queue's ready messages. */
  long messageCount(String queue) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      return channel.queueDeclarePassive(queue).getMessageCount();
    }
  }

  /**
   * Waits until {@code queue} shows no ready message. A quorum queue applies acks (and returns what
   * a closed channel held) asynchronously, so the count right after a run may still lag.
   *
   * @return the ready messages left when the wait ended
   */
  long awaitEmpty(String queue, long timeoutMillis) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    long ready = messageCount(queue);
    while (ready > 0 && System.nanoTime() - deadline < 0) {
      Thread.sleep(100);
      ready = messageCount(queue);
    }
    return ready;
  }

  /** The queue's consumers. */
  int consumerCount(String queue) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      return channel.queueDeclarePassive(queue).getConsumerCount();
    }
  }

  /** Deletes {@code queue}. */
  void delete(String queue) throws IOException, TimeoutException {
    try (Channel channel = admin.createChannel()) {
      channel.queueDelete(queue);
      declared.remove(queue);
    }
  }

  /** Deletes every queue this run declared, then closes the set-up connection. */
  @Override
  public void close() throws IOException {
    deleteDeclared();
    admin.close();
  }

  private void deleteDeclared() {
    deleteAll("queue", declared, this::delete);
    deleteAll("exchange", exchanges, this::deleteExchange);
  }

  /** A deletion of one queue or exchange. */
  @FunctionalInterface
  private interface Deletion {
    void delete(String name) throws IOException, TimeoutException;
  }

  private static void deleteAll(String what, Set<String> names, Deletion deletion) {
    for (String name : Set.copyOf(names)) {
      try {
        deletion.delete(name);
      } catch (IOException | TimeoutException | RuntimeException e) {
        System.err.println("could not delete " + what + " '" + name + "': " + e);
      }
    }
  }

  private static byte[] randomBody(int size) {
    byte[] body = new byte[size];
    new Random(7).nextBytes(body);
    return body;
  }
}
