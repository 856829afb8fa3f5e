package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.Partition;
import dev.warren.it.support.TestConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario {@code partitions} (not run by default): what a partitioned consumer gains and what its
 * hashing exchange costs, on a broker that has one ({@value #URI_PROPERTY}, default {@code
 * warren.uri}: RabbitMQ 4.3's built-in {@code x-modulus-hash}, or before 4.3 the consistent-hash
 * plugin, which the machine's shared node must not get).
 *
 * <p><b>Consume</b>, for each partition count P of {@link #COUNTS}: N pre-filled persistent 1 KiB
 * messages over {@value #KEYS} routing keys, consumed and acked by Warren two ways, rotating which
 * goes first: {@code partitions = P} (the messages published through the hashing exchange into P
 * quorum queues with single active consumer, one consumer each, prefetch {@value
 * ConsumeScenario#PREFETCH} each) against one quorum queue with {@code concurrency = P} (P workers,
 * order given up), once with prefetch P × {@value ConsumeScenario#PREFETCH}, so that both sides
 * hold as many deliveries unacked, and (for P above 1) once with {@value ConsumeScenario#PREFETCH},
 * the setting unchanged. Timed as the consume scenario times (the first delivery waits for an idle
 * JIT compiler, meanwhile the prefetched deliveries arrive on both sides; the clock stops at the
 * N-th ack); every queue must end empty. The handler does no work in the first pass, which measures
 * the broker's and Warren's share; in the second it sleeps {@value #HANDLER_MILLIS} ms per delivery
 * (a call to a database, say) over a tenth as many messages, which measures what the parallelism
 * gives a slow handler.
 *
 * <p><b>Publish</b>: N confirmed persistent 1 KiB messages, at most {@value PublishScenario#WINDOW}
 * unconfirmed, by the raw client and by Warren's publisher, to one quorum queue through the default
 * exchange, through the hashing exchange into one quorum queue (the exchange's own cost), and
 * through it into the largest count of quorum queues (publishing to a partitioned consumer).
 *
 * <p>Warren's runs declare nothing ({@code declare-topology=false}): the scenario declares the
 * exchange and queues as Warren would (quorum, single active consumer, bound with key {@code "1"})
 * and Warren checks that they exist. Every run gets an exchange and queues of its own.
 */
final class PartitionScenario {

  /** The broker of this scenario, when not {@code warren.uri}'s. */
  static final String URI_PROPERTY = "bench.partitions.uri";

  /** The start of every run's hashing exchange (and so of its partitions' queues). */
  static final String PARTITIONED = "warren.bench.partitions.hashed";

  /** The start of every run's single queue. */
  static final String ONE_QUEUE = "warren.bench.partitions.one";

  /** The partition counts, each against one queue with that concurrency. */
  static final int[] COUNTS = {1, 2, 4, 8};

  /** How many routing keys the messages spread over. */
  static final int KEYS = 1_000;

  /** How long the handler of the second consume pass waits per delivery. */
  static final int HANDLER_MILLIS = 1;

  /** How long the handlers wait per delivery in the pass that runs ({@link #handle()}). */
  private static volatile int handlerMillis;

  private static final String[] KEY_NAMES = new String[KEYS];

  static {
    for (int k = 0; k < KEYS; k++) {
      KEY_NAMES[k] = "key-" + k;
    }
  }

  /** The routing key of a run's {@code i}-th message. */
  private static final IntFunction<String> KEY = i -> KEY_NAMES[i % KEYS];

  /** Consume sides. */
  enum Consume {
    PARTITIONED("partitions = P"),
    /** As many deliveries unacked as the partitions hold together. */
    CONCURRENT("one queue, concurrency = P, prefetch P x 250"),
    /** The same prefetch as one partition: only for P above 1, else it is {@link #CONCURRENT}. */
    CONCURRENT_SAME_PREFETCH("one queue, concurrency = P, prefetch 250");

    final String label;

    Consume(String label) {
      this.label = label;
    }

    /** The prefetch of the one queue's consumer. */
    int prefetch(int p) {
      return this == CONCURRENT ? p * ConsumeScenario.PREFETCH : ConsumeScenario.PREFETCH;
    }
  }

  /**
   * Publish sides: who publishes, and to how many quorum queues through the hashing exchange (0:
   * one queue through the default exchange).
   */
  record Publish(boolean raw, int partitions) {
    String label() {
      return (raw ? "raw" : "Warren")
          + (partitions == 0
              ? ", default exchange, 1 queue"
              : ", hashing exchange, " + partitions + (partitions == 1 ? " queue" : " queues"));
    }
  }

  private final BenchOptions options;
  private final String uri;

  /**
   * The share of a run's messages that the fullest partition got, by partition count: the hash
   * decides it, and a partitioned run lasts as long as its fullest partition takes to drain.
   */
  private final Map<Integer, Double> largestShare = new HashMap<>();

  PartitionScenario(BenchOptions options) {
    this.options = options;
    String own = System.getProperty(URI_PROPERTY, "").trim();
    this.uri = own.isEmpty() ? options.uri() : own;
  }

  void run(Results results) throws Exception {
    try (BenchBroker broker = new BenchBroker(uri)) {
      BrokerVersion version = broker.version();
      String type = version.partitionExchangeType();
      requireExchangeType(broker, type, version);
      PartitionTable table = results.partitions;
      table.broker("RabbitMQ " + version.text() + ", " + type);
      for (int millis : new int[] {0, HANDLER_MILLIS}) {
        handlerMillis = millis;
        // a handler that waits handles a tenth as many, so that P = 1 does not take minutes
        int messages = millis == 0 ? options.messages() : Math.max(1_000, options.messages() / 10);
        String handler =
            millis == 0 ? "none" : String.format(Locale.ROOT, "%d ms, %,d msgs", millis, messages);
        for (int p : COUNTS) {
          consumeRounds(broker, type, table, handler, p, messages);
        }
      }
      int most = COUNTS[COUNTS.length - 1];
      List<Publish> sides = new ArrayList<>();
      for (boolean raw : new boolean[] {true, false}) {
        for (int partitions : new int[] {0, 1, most}) {
          sides.add(new Publish(raw, partitions));
        }
      }
      Map<Publish, List<Tally.Run>> runs =
          Rounds.rotate(
              "partitions publish",
              sides,
              Publish::label,
              options,
              Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES),
              options.messages(),
              (side, messages) ->
                  Repeat.ifDisrupted(
                      side.label() + " run", () -> publish(broker, type, side, messages)));
      for (Publish side : sides) {
        table.publish(side.label(), runs.get(side), runs.get(new Publish(side.raw(), 0)));
      }
    }
  }

  /** The rounds of partition count {@code p}, and their row. */
  private void consumeRounds(
      BenchBroker broker, String type, PartitionTable table, String handler, int p, int messages)
      throws Exception {
    List<Consume> sides = new ArrayList<>(List.of(Consume.values()));
    if (p == 1) {
      sides.remove(Consume.CONCURRENT_SAME_PREFETCH);
    }
    Map<Consume, List<Tally.Run>> runs =
        Rounds.rotate(
            "partitions " + p + ", handler " + handler,
            sides,
            side -> side.label,
            options,
            Math.min(messages, ConsumeScenario.WARM_UP_MESSAGES),
            messages,
            (side, count) ->
                Repeat.ifDisrupted(
                    side.label + " run", () -> consume(broker, type, side, p, count)));
    table.consume(
        p,
        handler,
        largestShare.getOrDefault(p, 1.0),
        runs.get(Consume.PARTITIONED),
        runs.get(Consume.CONCURRENT),
        runs.getOrDefault(Consume.CONCURRENT_SAME_PREFETCH, runs.get(Consume.CONCURRENT)));
  }

  /**
   * What both consumers' methods do with a delivery: count it, wait {@link #handlerMillis} as a
   * handler that calls a database would, and finish it.
   */
  static void handle() {
    Tally.current.pass();
    if (handlerMillis > 0) {
      try {
        Thread.sleep(handlerMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Tally.current.finished();
  }

  /**
   * Declaring an exchange of a type the broker does not know closes the connection (3.10.8) or the
   * channel (4.0): tried on a throwaway connection, so that the failure names what to do.
   */
  private static void requireExchangeType(BenchBroker broker, String type, BrokerVersion version)
      throws Exception {
    String probe = BenchBroker.freshName(PARTITIONED + ".probe");
    try (Connection connection = broker.connect("warren-bench-partitions-probe")) {
      Channel channel = connection.createChannel();
      channel.exchangeDeclare(probe, type, false, true, null);
      channel.exchangeDelete(probe);
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          "the partitions scenario needs a hashing exchange, and RabbitMQ "
              + version.text()
              + " has no '"
              + type
              + "': point "
              + URI_PROPERTY
              + " at a RabbitMQ 4.3 node (it/brokers/rmq4.sh 4.3 up) or at a node of its own with"
              + " the plugin rabbitmq_consistent_hash_exchange enabled (it/brokers/node.sh)",
          e);
    }
  }

  /** One consume run on new queues filled with {@code messages}, which must end empty. */
  private Tally.Run consume(BenchBroker broker, String type, Consume side, int p, int messages)
      throws Exception {
    boolean partitioned = side == Consume.PARTITIONED;
    List<String> queues = new ArrayList<>();
    String exchange = "";
    if (partitioned) {
      exchange = declarePartitions(broker, type, p, queues);
      broker.fill(exchange, KEY, messages);
      long ready = 0;
      long largest = 0;
      for (String queue : queues) {
        long held = broker.messageCount(queue);
        ready += held;
        largest = Math.max(largest, held);
      }
      if (ready != messages) {
        throw new IllegalStateException(
            "the partitions of '" + exchange + "' hold " + ready + " messages, not " + messages);
      }
      largestShare.put(p, (double) largest / messages);
    } else {
      queues.add(broker.declareFresh(ONE_QUEUE, true));
      broker.fill(queues.get(0), messages);
    }
    Tally.Run run =
        warren(
            partitioned ? PartitionedConsumer.class : OneQueueConsumer.class,
            partitioned ? PartitionedConsumer.NAME : OneQueueConsumer.NAME,
            partitioned
                ? Map.of("queue", exchange, "partitions", Integer.toString(p))
                : Map.of(
                    "queue",
                    queues.get(0),
                    "concurrency",
                    Integer.toString(p),
                    "prefetch",
                    Integer.toString(side.prefetch(p))),
            messages);
    if (partitioned) {
      broker.deleteExchange(exchange);
    }
    for (String queue : queues) {
      long left = broker.awaitEmpty(queue, 10_000);
      if (left != 0) {
        throw new IllegalStateException(side.label + " left " + left + " in '" + queue + "'");
      }
      broker.delete(queue);
    }
    return run;
  }

  /**
   * A new hashing exchange with {@code p} quorum queues bound to it, as Warren declares them for a
   * partitioned consumer.
   *
   * @param queues gets the partitions' queues, in order
   * @return the exchange
   */
  private static String declarePartitions(
      BenchBroker broker, String type, int p, List<String> queues) throws Exception {
    String exchange = BenchBroker.freshName(PARTITIONED);
    broker.declareExchange(exchange, type);
    for (int i = 0; i < p; i++) {
      String queue = Partition.queue(exchange, i);
      broker.declare(queue, Map.of("x-queue-type", "quorum", "x-single-active-consumer", true));
      broker.bind(queue, exchange, "1");
      queues.add(queue);
    }
    return exchange;
  }

  /**
   * Warren consuming {@code messages} with {@code bean}'s consumer, set up by {@code settings}
   * ({@code warren.consumers.<name>.<key>}), in a container of its own against this scenario's
   * broker.
   */
  private Tally.Run warren(Class<?> bean, String name, Map<String, String> settings, int messages)
      throws Exception {
    Tally tally = new Tally(messages);
    Tally.current = tally;
    TestConfig.set("warren.uri", uri);
    TestConfig.set("warren.consumers." + name + ".declare-topology", "false");
    // no retries here: the broker's default delivery limit does not matter (and is not warned of)
    TestConfig.set("warren.consumers." + name + ".delivery-limit", "policy");
    settings.forEach((key, value) -> TestConfig.set("warren.consumers." + name + "." + key, value));
    String what = "Warren consume (" + name + ", " + settings + ")";
    try (WeldContainer container = WeldBoot.withWarren(bean)) {
      tally.watch(container.select(Connection.class).get());
      tally.openWhenReady(timeoutSeconds(), what);
      return tally.await(timeoutSeconds(), what);
    } finally {
      TestConfig.clear();
    }
  }

  /** One publish run to new queues, which must then hold every message. */
  private Tally.Run publish(BenchBroker broker, String type, Publish side, int messages)
      throws Exception {
    List<String> queues = new ArrayList<>();
    String exchange = "";
    IntFunction<String> key;
    if (side.partitions() == 0) {
      String queue = broker.declareFresh(ONE_QUEUE, true);
      queues.add(queue);
      key = i -> queue;
    } else {
      exchange = declarePartitions(broker, type, side.partitions(), queues);
      key = KEY;
    }
    Tally.Run run;
    if (side.raw()) {
      run = PublishScenario.raw(broker, exchange, key, messages, false, timeoutSeconds());
    } else {
      TestConfig.set("warren.uri", uri);
      run =
          PublishScenario.warren(
              exchange, key, messages, true, TelemetrySetup.NOOP, timeoutSeconds());
    }
    long held = 0;
    for (String queue : queues) {
      held += broker.messageCount(queue);
      broker.delete(queue);
    }
    if (!exchange.isEmpty()) {
      broker.deleteExchange(exchange);
    }
    if (held != messages) {
      throw new IllegalStateException(side.label() + " published " + held + ", not " + messages);
    }
    return run;
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 500);
  }
}
