package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.it.support.TestConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 1: consume and ack N pre-filled 1 KiB persistent messages with prefetch 250 and one
 * consumer, on a classic and on a quorum queue.
 *
 * <p>Raw: a {@link DefaultConsumer} that sends {@code basic.ack(tag, multiple=false)} for each
 * delivery on the client's dispatch thread, which is the frame Warren sends for {@code
 * Outcome.ack()}. Warren: a Weld SE container with one {@code @RabbitConsumer} returning {@code
 * Outcome.ack()} ({@link ClassicConsumer}, {@link QuorumConsumer}), pointed at the run's queue by
 * configuration.
 *
 * <p>One untimed run of each side with up to {@value #WARM_UP_MESSAGES} messages comes first. Both
 * are timed the same way: the first delivery waits until the JIT compiler is idle ({@link
 * Tally#openWhenReady}), then the clock runs until the N-th is acked, so that neither the raw
 * connection's nor Warren's container start is measured. Each run gets a newly declared and filled
 * queue of its own, and must leave it empty (every message acked) or the run fails.
 *
 * <p>With telemetry sides ({@code bench.scenarios=telemetry}) it runs the classic queue only, with
 * Warren three times: telemetry off, the no-op OpenTelemetry (the default here) and the SDK ({@link
 * TelemetrySetup}).
 */
final class ConsumeScenario {

  /** The start of every classic queue's name; each run declares a queue of its own. */
  static final String CLASSIC_QUEUE = "warren.bench.consume.classic";

  /** The start of every quorum queue's name. */
  static final String QUORUM_QUEUE = "warren.bench.consume.quorum";

  static final int PREFETCH = 250;
  static final int WARM_UP_MESSAGES = 20_000;

  /**
   * Who consumes: the raw client ({@code telemetry == null}), Warren with a telemetry setup, or a
   * peer ({@code peer != null}).
   */
  record Side(String label, TelemetrySetup telemetry, PeerSide peer) {
    static final Side RAW = new Side("raw", null);

    Side(String label, TelemetrySetup telemetry) {
      this(label, telemetry, null);
    }

    static Side warren(TelemetrySetup telemetry) {
      return new Side(
          telemetry == TelemetrySetup.NOOP ? "Warren" : "Warren, " + telemetry.label, telemetry);
    }
  }

  private static final Side WARREN = Side.warren(TelemetrySetup.NOOP);

  private final BenchBroker broker;
  private final BenchOptions options;
  private final boolean telemetrySides;

  /**
   * @param telemetrySides whether to run the classic queue only, with Warren's three telemetry
   *     setups
   */
  ConsumeScenario(BenchBroker broker, BenchOptions options, boolean telemetrySides) {
    this.broker = broker;
    this.options = options;
    this.telemetrySides = telemetrySides;
  }

  void run(Results results) throws Exception {
    for (boolean quorum : telemetrySides ? new boolean[] {false} : new boolean[] {false, true}) {
      String type = quorum ? "quorum" : "classic";
      List<Side> sides = new ArrayList<>(List.of(Side.RAW, WARREN));
      if (telemetrySides) {
        sides.add(Side.warren(TelemetrySetup.OFF));
        sides.add(Side.warren(TelemetrySetup.SDK));
      } else {
        Peers.in(options, PeerSide.Scenario.CONSUME)
            .forEach(peer -> sides.add(new Side(peer.label(), null, peer)));
      }
      Map<Side, List<Tally.Run>> runs =
          Rounds.rotate(
              "consume " + type,
              sides,
              Side::label,
              options,
              Math.min(options.messages(), WARM_UP_MESSAGES),
              options.messages(),
              (side, messages) -> once(quorum, side, messages));
      String scenario =
          String.format(
              Locale.ROOT,
              "1. consume + ack, %s, %,d x 1 KiB, prefetch %d",
              type,
              options.messages(),
              PREFETCH);
      results.throughput(scenario, runs.get(Side.RAW), runs.get(WARREN), 0.95);
      if (sides.stream().anyMatch(side -> side.peer() != null)) {
        Map<String, List<Tally.Run>> bySide = new java.util.LinkedHashMap<>();
        sides.forEach(side -> bySide.put(side.label(), runs.get(side)));
        results.sides("1. consume " + type, scenario, "msg/s", bySide);
      }
      if (telemetrySides) {
        TelemetrySetup.rows(
            results,
            options,
            "1. consume classic",
            runs.get(Side.RAW),
            runs.get(Side.warren(TelemetrySetup.OFF)),
            runs.get(WARREN),
            runs.get(Side.warren(TelemetrySetup.SDK)));
      }
    }
  }

  /** One run on a new queue filled with {@code messages}, which must end empty. */
  private Tally.Run once(boolean quorum, Side side, int messages) throws Exception {
    return Repeat.ifDisrupted(
        side.label() + " consume run", () -> onceUndisturbed(quorum, side, messages));
  }

  private Tally.Run onceUndisturbed(boolean quorum, Side side, int messages) throws Exception {
    boolean rawTurn = side.telemetry() == null;
    String queue = broker.declareFresh(quorum ? QUORUM_QUEUE : CLASSIC_QUEUE, quorum);
    broker.fill(queue, messages);
    Tally.Run run =
        side.peer() != null
            ? side.peer().consume(queue, quorum, messages, timeoutSeconds())
            : rawTurn ? raw(queue, messages) : warren(queue, quorum, side.telemetry(), messages);
    long left = broker.awaitEmpty(queue, 10_000);
    if (left != 0) {
      throw new IllegalStateException(
          side.label() + " left " + left + " messages in '" + queue + "'");
    }
    broker.delete(queue);
    return run;
  }

  /** The raw client: one consumer acking each delivery on its dispatch thread. */
  private Tally.Run raw(String queue, int messages) throws Exception {
    Tally tally = new Tally(messages);
    try (Connection connection = broker.connect("warren-bench-raw-consumer")) {
      tally.watch(connection);
      Channel channel = connection.createChannel();
      channel.basicQos(PREFETCH);
      String consumerTag =
          channel.basicConsume(
              queue,
              false,
              new DefaultConsumer(channel) {
                @Override
                public void handleDelivery(
                    String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                  tally.pass();
                  getChannel().basicAck(envelope.getDeliveryTag(), false);
                  tally.finished();
                }
              });
      tally.openWhenReady(timeoutSeconds(), "raw consume from '" + queue + "'");
      Tally.Run run = tally.await(timeoutSeconds(), "raw consume from '" + queue + "'");
      // end as Warren shuts down (cancel, close the channel, then the connection), so that both
      // sides leave the queue the same way before the emptiness check
      channel.basicCancel(consumerTag);
      channel.close();
      return run;
    }
  }

  /**
   * Warren: the container starts the consumer, pointed at this run's queue by {@code
   * warren.consumers.<name>.queue}; closing the container shuts Warren down gracefully.
   */
  private Tally.Run warren(String queue, boolean quorum, TelemetrySetup telemetry, int messages)
      throws Exception {
    Tally tally = new Tally(messages);
    Tally.current = tally;
    String name = quorum ? QuorumConsumer.NAME : ClassicConsumer.NAME;
    TestConfig.set("warren.consumers." + name + ".queue", queue);
    telemetry.configure();
    try (WeldContainer container =
        WeldBoot.withWarren(
            telemetry.beans(quorum ? QuorumConsumer.class : ClassicConsumer.class))) {
      tally.watch(container.select(Connection.class).get());
      tally.openWhenReady(timeoutSeconds(), "Warren consume from '" + queue + "'");
      return tally.await(timeoutSeconds(), "Warren consume from '" + queue + "'");
    } finally {
      TestConfig.clear();
    }
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 500);
  }
}
