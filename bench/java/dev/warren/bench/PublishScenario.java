package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.it.support.TestConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 2: confirmed publish of N 1 KiB persistent messages to a durable classic queue through
 * the default exchange, at most {@value #WINDOW} unconfirmed at a time, timed from before the
 * publishing channel opens until the last confirm.
 *
 * <p>Raw: the client's asynchronous confirms as the RabbitMQ tutorial writes them: a semaphore of
 * {@value #WINDOW} permits, outstanding messages by sequence number in a skip list, a {@code
 * ConfirmListener} that settles one or (with {@code multiple=true}) every message up to the tag,
 * {@code mandatory} with a return listener, since Warren publishes mandatory by default. Warren:
 * {@code publisher.publish("", queue, body)} with its default {@code
 * warren.publisher.max-in-flight} of 1000, counting each returned stage as it completes.
 *
 * <p>One untimed run of each side comes first. Both open their connection before the clock starts
 * (Warren's container as well) and then wait for the JIT compiler to be idle, as the other
 * scenarios do, so that compiling what the container's boot ran is not counted as publishing; both
 * open their publishing channel and put it in confirm mode inside the measured interval.
 *
 * <p>Not run by default ({@link Variant}): the breakdown ({@code publish-breakdown}) adds two sides
 * that split the difference: raw code that also sends Warren's per-message sequence header (what a
 * mandatory message costs on the wire and in the broker), and Warren with {@code mandatory(false)}
 * (no header: what is left is Warren's own client-side cost); {@code publish-exchange} adds both
 * sides publishing through {@value #EXCHANGE} (the cost of Warren's exchange check); {@code
 * telemetry} adds Warren with telemetry off and with the SDK.
 */
final class PublishScenario {

  /** The start of every run's queue name; each run declares a queue of its own. */
  static final String QUEUE = "warren.bench.publish";

  static final int WINDOW = 1000;

  /** The exchange of the exchange sides: built in, so it always exists. */
  static final String EXCHANGE = "amq.direct";

  /** Who publishes, and how. */
  enum Side {
    RAW("raw"),
    WARREN("Warren"),
    RAW_WITH_SEQUENCE_HEADER("raw + sequence header"),
    WARREN_NOT_MANDATORY("Warren mandatory(false)"),
    RAW_TO_EXCHANGE("raw to " + EXCHANGE),
    WARREN_TO_EXCHANGE("Warren to " + EXCHANGE),
    WARREN_TELEMETRY_OFF("Warren, " + TelemetrySetup.OFF.label),
    WARREN_SDK("Warren, " + TelemetrySetup.SDK.label);

    final String label;

    Side(String label) {
      this.label = label;
    }

    boolean raw() {
      return this == RAW || this == RAW_WITH_SEQUENCE_HEADER || this == RAW_TO_EXCHANGE;
    }

    String exchange() {
      return this == RAW_TO_EXCHANGE || this == WARREN_TO_EXCHANGE ? EXCHANGE : "";
    }

    TelemetrySetup telemetry() {
      return switch (this) {
        case WARREN_TELEMETRY_OFF -> TelemetrySetup.OFF;
        case WARREN_SDK -> TelemetrySetup.SDK;
        default -> TelemetrySetup.NOOP;
      };
    }
  }

  /** Which sides run besides raw and Warren, and which rows they give. */
  enum Variant {
    /** Raw and Warren only ({@code publish}). */
    PLAIN(List.of()),
    /** The sequence header's share ({@code publish-breakdown}). */
    BREAKDOWN(List.of(Side.RAW_WITH_SEQUENCE_HEADER, Side.WARREN_NOT_MANDATORY)),
    /**
     * Both sides publishing through a named exchange ({@code publish-exchange}): what Warren's
     * check that an exchange exists before its first use costs (a passive declare per exchange
     * name, then a set lookup per message; the default exchange is never checked).
     */
    EXCHANGE(List.of(Side.RAW_TO_EXCHANGE, Side.WARREN_TO_EXCHANGE)),
    /** Warren's three telemetry setups ({@code telemetry}). */
    TELEMETRY(List.of(Side.WARREN_TELEMETRY_OFF, Side.WARREN_SDK));

    final List<Side> extra;

    Variant(List<Side> extra) {
      this.extra = extra;
    }
  }

  private final BenchBroker broker;
  private final BenchOptions options;
  private final Variant variant;
  private final List<Side> sides;

  /** The peers' sides: with raw and Warren only ({@link Variant#PLAIN}). */
  private final List<PeerSide> peers;

  PublishScenario(BenchBroker broker, BenchOptions options, Variant variant) {
    this.broker = broker;
    this.options = options;
    this.variant = variant;
    List<Side> all = new ArrayList<>(List.of(Side.RAW, Side.WARREN));
    all.addAll(variant.extra);
    this.sides = List.copyOf(all);
    this.peers =
        variant == Variant.PLAIN ? Peers.in(options, PeerSide.Scenario.PUBLISH) : List.of();
  }

  void run(Results results) throws Exception {
    List<Object> everySide = new ArrayList<>(sides);
    everySide.addAll(peers);
    Map<Object, List<Tally.Run>> runs =
        Rounds.rotate(
            "publish",
            everySide,
            side -> Peers.label(side, own -> ((Side) own).label),
            options,
            Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES),
            options.messages(),
            (side, messages) ->
                side instanceof PeerSide peer ? once(peer, messages) : once((Side) side, messages));
    String scenario =
        String.format(
            Locale.ROOT,
            "2. confirmed publish, %,d x 1 KiB persistent, window %d",
            options.messages(),
            WINDOW);
    results.throughput(scenario, runs.get(Side.RAW), runs.get(Side.WARREN), 0.95);
    if (!peers.isEmpty()) {
      Map<String, List<Tally.Run>> bySide = new java.util.LinkedHashMap<>();
      bySide.put(Side.RAW.label, runs.get(Side.RAW));
      bySide.put(Side.WARREN.label, runs.get(Side.WARREN));
      peers.forEach(peer -> bySide.put(peer.label(), runs.get(peer)));
      results.sides("2. confirmed publish", scenario, "msg/s", bySide);
    }
    switch (variant) {
      case PLAIN -> {}
      case BREAKDOWN -> {
        results.diagnostic(
            "2. breakdown: raw + Warren's sequence header (mandatory)",
            runs.get(Side.RAW),
            runs.get(Side.RAW_WITH_SEQUENCE_HEADER));
        results.diagnostic(
            "2. breakdown: Warren with mandatory(false), no header",
            runs.get(Side.RAW),
            runs.get(Side.WARREN_NOT_MANDATORY));
      }
      case EXCHANGE ->
          results.diagnostic(
              "2. through " + EXCHANGE + ": Warren (exchange checked) against raw",
              runs.get(Side.RAW_TO_EXCHANGE),
              runs.get(Side.WARREN_TO_EXCHANGE));
      case TELEMETRY ->
          TelemetrySetup.rows(
              results,
              options,
              "2. confirmed publish",
              runs.get(Side.RAW),
              runs.get(Side.WARREN_TELEMETRY_OFF),
              runs.get(Side.WARREN),
              runs.get(Side.WARREN_SDK));
    }
  }

  /** One run to a new queue, which must then hold every message. */
  private Tally.Run once(Side side, int messages) throws Exception {
    return Repeat.ifDisrupted(side.label + " publish run", () -> onceUndisturbed(side, messages));
  }

  /** A peer's run to a new queue, which must then hold every message. */
  private Tally.Run once(PeerSide peer, int messages) throws Exception {
    return Repeat.ifDisrupted(
        peer.label() + " publish run",
        () -> {
          String queue = broker.declareFresh(QUEUE, false);
          Tally.Run run = peer.publish(queue, messages, WINDOW, timeoutSeconds());
          long held = broker.messageCount(queue);
          if (held != messages) {
            throw new IllegalStateException(
                peer.label() + " published " + held + " messages, not " + messages);
          }
          broker.delete(queue);
          return run;
        });
  }

  private Tally.Run onceUndisturbed(Side side, int messages) throws Exception {
    String queue = broker.declareFresh(QUEUE, false);
    if (!side.exchange().isEmpty()) {
      broker.bind(queue, side.exchange());
    }
    Tally.Run run =
        side.raw()
            ? raw(
                broker,
                side.exchange(),
                i -> queue,
                messages,
                side == Side.RAW_WITH_SEQUENCE_HEADER,
                timeoutSeconds())
            : warren(
                side.exchange(),
                i -> queue,
                messages,
                side != Side.WARREN_NOT_MANDATORY,
                side.telemetry(),
                timeoutSeconds());
    long held = broker.messageCount(queue);
    if (held != messages) {
      throw new IllegalStateException(
          side.label + " published " + held + " messages, not " + messages);
    }
    broker.delete(queue);
    return run;
  }

  /**
   * The raw client (also the {@code partitions} scenario's, {@link PartitionScenario}).
   *
   * @param exchange where to publish: {@code ""} (the default exchange) or an exchange that routes
   *     every message of the run to a queue
   * @param routingKey the routing key of the {@code i}-th message: the queue's name, or a key that
   *     the exchange routes by
   * @param sequenceHeader whether each message carries its sequence number in a header, built the
   *     way Warren builds it for a mandatory message
   */
  static Tally.Run raw(
      BenchBroker broker,
      String exchange,
      IntFunction<String> routingKey,
      int count,
      boolean sequenceHeader,
      long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(count);
    AtomicInteger returned = new AtomicInteger();
    try (Connection connection = broker.connect("warren-bench-raw-publisher")) {
      tally.watch(connection);
      Tally.awaitQuietCompiler();
      tally.start();
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      Semaphore window = new Semaphore(WINDOW);
      ConcurrentSkipListMap<Long, byte[]> outstanding = new ConcurrentSkipListMap<>();
      channel.addReturnListener(message -> returned.incrementAndGet());
      channel.addConfirmListener(
          (tag, multiple) -> {
            int settled = Confirms.settle(outstanding, tag, multiple).size();
            window.release(settled);
            tally.finished(settled);
          },
          (tag, multiple) -> {
            int settled = Confirms.settle(outstanding, tag, multiple).size();
            window.release(settled);
            for (int i = 0; i < settled; i++) {
              tally.failed();
            }
          });
      for (int i = 0; i < count; i++) {
        window.acquire();
        long sequence = channel.getNextPublishSeqNo();
        byte[] body = BenchBroker.body(i);
        outstanding.put(sequence, body);
        AMQP.BasicProperties properties = BenchBroker.PERSISTENT;
        if (sequenceHeader) {
          Map<String, Object> headers = new HashMap<>();
          headers.put("x-warren-publish-seq", sequence);
          properties = properties.builder().headers(headers).build();
        }
        channel.basicPublish(exchange, routingKey.apply(i), true, properties, body);
      }
      Tally.Run run = tally.await(timeoutSeconds, "raw publish");
      if (returned.get() > 0) {
        throw new IllegalStateException("raw publish: " + returned + " messages were returned");
      }
      return run;
    }
  }

  /**
   * Warren's publisher, in a container of its own that reads its config ({@code warren.uri}, for
   * one) from {@link TestConfig} and the system properties; clears {@link TestConfig} at the end.
   *
   * @param exchange as for {@link #raw}
   * @param routingKey as for {@link #raw}
   * @param mandatory {@code true}: {@code publish(exchange, routingKey, payload)}, mandatory as by
   *     default; {@code false}: the same message built with {@code mandatory(false)}
   * @param telemetry what Warren reports to
   */
  static Tally.Run warren(
      String exchange,
      IntFunction<String> routingKey,
      int count,
      boolean mandatory,
      TelemetrySetup telemetry,
      long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(count);
    telemetry.configure();
    try (WeldContainer container = WeldBoot.withWarren(telemetry.beans(WarrenClients.class))) {
      WarrenClients bean = container.select(WarrenClients.class).get();
      Publisher publisher = bean.publisher();
      tally.watch(bean.connection());
      Tally.awaitQuietCompiler();
      tally.start();
      for (int i = 0; i < count; i++) {
        String key = routingKey.apply(i);
        CompletionStage<Void> confirmed =
            mandatory
                ? publisher.publish(exchange, key, BenchBroker.body(i))
                : publisher.publish(
                    OutgoingMessage.to(exchange, key)
                        .payload(BenchBroker.body(i))
                        .mandatory(false)
                        .build());
        confirmed.whenComplete(
            (ok, failure) -> {
              if (failure == null) {
                tally.finished();
              } else {
                tally.failed();
              }
            });
      }
      return tally.await(timeoutSeconds, "Warren publish");
    } finally {
      TestConfig.clear();
    }
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 500);
  }
}
