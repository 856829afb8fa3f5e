package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Scenario 6: end-to-end latency from publish to handler at a fixed, moderate rate, on a classic
 * and on a quorum queue, for each {@link LatencySide}: raw, Warren, and the peers that have a
 * consumer ({@link PeerSide#latency()}: Spring's two listener containers and SmallRye's connector,
 * as {@code bench.peers} picks them).
 *
 * <p>The publisher is the same raw code for every side, on a connection of its own: {@value
 * #DEFAULT_RATE} persistent 1 KiB messages per second (publisher confirms on, never waited for
 * until the end) for {@value #DEFAULT_SECONDS} s per run. It paces by schedule: message {@code i}
 * is due at {@code start + i / rate}, and its body carries that due time, not the time it actually
 * went out. A publisher held up (a GC pause, a blocked socket) sends late, and the lateness counts
 * as latency, so a stall is not hidden by the publisher having waited for it (coordinated
 * omission). The side's handler records {@code System.nanoTime()} minus the stamp as it begins
 * ({@link Arrivals}); the figures are exact percentiles of every message of the measured runs.
 *
 * <p>Each side runs once untimed for {@value #WARM_UP_SECONDS} s, then {@code bench.rounds} rounds
 * rotate which side goes first as the other scenarios do; each run gets a new queue, which must end
 * empty. A run starts publishing only when the side consumes and the JIT compiler is idle. The rate
 * and the run length can be changed with {@code -Dbench.jvm-args="-Dbench.latency.rate=5000
 * -Dbench.latency.seconds=30"}.
 */
final class LatencyScenario {

  /** The start of every run's queue name. */
  static final String QUEUE = "warren.bench.latency";

  static final int DEFAULT_RATE = 2_000;
  static final int DEFAULT_SECONDS = 10;
  static final int WARM_UP_SECONDS = 5;

  /** The sides, raw first; the peers' ({@link PeerSide#latency()}) follow. */
  static final List<LatencySide> SIDES = List.of(new RawLatencySide(), new WarrenLatencySide());

  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final BenchBroker broker;
  private final BenchOptions options;
  private final List<LatencySide> sides;
  private final int rate = Integer.getInteger("bench.latency.rate", DEFAULT_RATE);
  private final int seconds = Integer.getInteger("bench.latency.seconds", DEFAULT_SECONDS);

  LatencyScenario(BenchBroker broker, BenchOptions options) {
    this(
        broker,
        options,
        Stream.concat(
                SIDES.stream(),
                Peers.in(options, PeerSide.Scenario.LATENCY).stream().map(PeerSide::latency))
            .toList());
  }

  LatencyScenario(BenchBroker broker, BenchOptions options, List<LatencySide> sides) {
    this.broker = broker;
    this.options = options;
    this.sides = List.copyOf(sides);
  }

  /** One run's result: its latencies and the JVM's CPU time per message. */
  private record Run(Latencies latencies, double cpuMicros) {}

  void run(Results results) throws Exception {
    for (boolean quorum : new boolean[] {false, true}) {
      String type = quorum ? "quorum" : "classic";
      for (LatencySide side : sides) {
        once(side, quorum, rate * WARM_UP_SECONDS);
      }
      Map<LatencySide, Latencies> merged = new LinkedHashMap<>();
      Map<LatencySide, List<Double>> cpu = new LinkedHashMap<>();
      for (int round = 1; round <= options.rounds(); round++) {
        for (int turn = 0; turn < sides.size(); turn++) {
          LatencySide side = sides.get((round - 1 + turn) % sides.size());
          Run run = once(side, quorum, rate * seconds);
          merged
              .computeIfAbsent(side, s -> new Latencies(rate * seconds * options.rounds()))
              .addAll(run.latencies());
          cpu.computeIfAbsent(side, s -> new ArrayList<>()).add(run.cpuMicros());
          Latencies l = run.latencies();
          BenchMain.progress(
              String.format(
                  Locale.ROOT,
                  "latency %s round %d %s: median %s, p99 %s, p99.9 %s, max %s, %.1f µs CPU/msg",
                  type,
                  round,
                  side.label(),
                  Latencies.millis(l.quantile(0.5)),
                  Latencies.millis(l.quantile(0.99)),
                  Latencies.millis(l.quantile(0.999)),
                  Latencies.millis(l.quantile(1)),
                  run.cpuMicros()));
        }
      }
      String scenario =
          String.format(
              Locale.ROOT,
              "6. latency, %s, %,d msg/s x %d s x %d rounds, 1 KiB persistent",
              type,
              rate,
              seconds,
              options.rounds());
      for (LatencySide side : sides) {
        results.latency.add(
            scenario, side.label(), merged.get(side), Results.median(cpu.get(side)));
      }
    }
  }

  private Run once(LatencySide side, boolean quorum, int messages) throws Exception {
    return Repeat.ifDisrupted(
        side.label() + " latency run", () -> onceUndisturbed(side, quorum, messages));
  }

  private Run onceUndisturbed(LatencySide side, boolean quorum, int messages) throws Exception {
    String queue = broker.declareFresh(QUEUE, quorum);
    Arrivals arrivals = new Arrivals(messages);
    Arrivals.current = arrivals;
    String what = side.label() + " latency on '" + queue + "'";
    double cpuMicros;
    try (AutoCloseable consumer = side.start(broker, queue, quorum, arrivals)) {
      awaitConsumer(queue, what);
      Tally.awaitQuietCompiler();
      long cpuBefore = OS.getProcessCpuTime();
      publishPaced(queue, messages);
      arrivals.await(messages, 60, what);
      cpuMicros = (OS.getProcessCpuTime() - cpuBefore) / 1e3 / messages;
    }
    if (arrivals.count() != messages) {
      throw new IllegalStateException(
          what + ": " + arrivals.count() + " deliveries of " + messages + " messages");
    }
    long left = broker.awaitEmpty(queue, 10_000);
    if (left != 0) {
      throw new IllegalStateException(what + ": left " + left + " messages");
    }
    broker.delete(queue);
    return new Run(arrivals.latencies(), cpuMicros);
  }

  private void awaitConsumer(String queue, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (broker.consumerCount(queue) < 1) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(what + ": no consumer after 30s");
      }
      Thread.sleep(20);
    }
  }

  /**
   * Publishes {@code messages} at {@link #rate} by schedule, each stamped with its due time, then
   * waits for every confirm.
   */
  private void publishPaced(String queue, int messages) throws Exception {
    try (Connection connection = broker.connect("warren-bench-latency-publisher")) {
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      AtomicInteger nacked = new AtomicInteger();
      channel.addConfirmListener(
          (tag, multiple) -> {}, (tag, multiple) -> nacked.incrementAndGet());
      long period = TimeUnit.SECONDS.toNanos(1) / rate;
      long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
      for (int i = 0; i < messages; i++) {
        long due = start + i * period;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
          LockSupport.parkNanos(wait);
        }
        // a new body each time: the client may still hold the last one when this returns
        byte[] body = BenchBroker.body(i).clone();
        Arrivals.stamp(body, due);
        channel.basicPublish("", queue, BenchBroker.PERSISTENT, body);
      }
      channel.waitForConfirmsOrDie(TimeUnit.SECONDS.toMillis(60));
      if (nacked.get() > 0) {
        throw new IllegalStateException(
            nacked.get() + " confirms negative publishing to '" + queue + "'");
      }
    }
  }
}
