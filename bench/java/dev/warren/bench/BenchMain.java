package dev.warren.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the benchmark against the broker at {@code warren.uri} (default {@code
 * amqp://guest:guest@localhost:5672/}) and prints the table: for each scenario, the raw amqp-client
 * doing the same work in the same JVM, Warren, and the ratio Warren/raw of the medians. Raw and
 * Warren runs alternate (which goes first alternates too), because the machine is shared and noisy:
 * the ratios are the result, not the absolute rates.
 *
 * <p>Settings ({@link BenchOptions}): {@code bench.rounds} (5), {@code bench.messages} (100,000),
 * {@code bench.scenarios} ({@code consume,publish,retry,request-reply,startup,latency}; {@code
 * publish-breakdown}, {@code retry-breakdown} and {@code request-reply-breakdown} run those
 * scenarios with more sides that split Warren's difference from raw; {@code publish-exchange}
 * publishes through a named exchange; {@code telemetry} runs consume and publish with Warren's
 * telemetry off, no-op and the SDK; {@code latency} measures publish-to-handler latency at a fixed
 * rate; {@code partitions} compares partitioned consumers with one queue's concurrency on the
 * broker at {@code bench.partitions.uri}, {@link PartitionScenario}; {@code bench.peers} picks the
 * peers' sides, {@link Peers}, which run beside raw and Warren). A full run also draws {@code
 * bench/chart.svg} ({@link ChartFile}). Every queue it uses starts with {@code warren.bench.} and
 * is deleted at the end. Exits with 0 when every scenario ran (whether or not a target was met),
 * else 1.
 */
public final class BenchMain {

  /** Held, so that the levels set below stay set (the log manager keeps loggers weakly). */
  private static final List<Logger> QUIET =
      List.of(
          Logger.getLogger("org.jboss.weld"),
          Logger.getLogger("dev.warren"),
          Logger.getLogger("com.rabbitmq"));

  private static final Instant STARTED = Instant.now();

  private BenchMain() {}

  /** Runs the benchmark; see the class comment. */
  public static void main(String[] args) {
    // Weld's boot notes and Warren's one INFO line per started consumer would bury the progress
    // lines (thousands of them in the startup scenario); warnings and errors still show
    QUIET.forEach(logger -> logger.setLevel(Level.WARNING));
    int status;
    try {
      run(BenchOptions.fromSystemProperties());
      status = 0;
    } catch (Exception e) {
      System.out.println();
      System.out.println("FAILED: " + e);
      e.printStackTrace(System.out);
      status = 1;
    }
    System.exit(status);
  }

  private static void run(BenchOptions options) throws Exception {
    System.out.printf(
        Locale.ROOT,
        "Warren benchmark: %d rounds, %,d messages per run, scenarios %s, broker %s%n",
        options.rounds(),
        options.messages(),
        String.join(",", options.scenarios()),
        options.uri().replaceAll("//[^@/]*@", "//"));
    Results results = new Results();
    try (BenchBroker broker = new BenchBroker(options.uri())) {
      if (options.runs("consume")) {
        new ConsumeScenario(broker, options, false).run(results);
      }
      if (options.runs("publish-breakdown")) {
        // raw and Warren as in "publish", plus the two sides that split their difference
        new PublishScenario(broker, options, PublishScenario.Variant.BREAKDOWN).run(results);
      } else if (options.runs("publish")) {
        new PublishScenario(broker, options, PublishScenario.Variant.PLAIN).run(results);
      }
      if (options.runs("publish-exchange")) {
        new PublishScenario(broker, options, PublishScenario.Variant.EXCHANGE).run(results);
      }
      if (options.runs("telemetry")) {
        // consume (classic) and publish with Warren's telemetry off, no-op and the SDK
        new ConsumeScenario(broker, options, true).run(results);
        new PublishScenario(broker, options, PublishScenario.Variant.TELEMETRY).run(results);
      }
      if (options.runs("retry-breakdown")) {
        // raw and Warren as in "retry", plus raw with Warren's hand-off to a worker thread
        new RetryScenario(broker, options, true).run(results);
      } else if (options.runs("retry")) {
        new RetryScenario(broker, options, false).run(results);
      }
      if (options.runs("request-reply-breakdown")) {
        // raw and Warren as in "request-reply", plus the sides that split their difference
        new RequestReplyScenario(broker, options, true).run(results);
      } else if (options.runs("request-reply")) {
        new RequestReplyScenario(broker, options, false).run(results);
      }
      if (options.runs("startup")) {
        new StartupScenario(broker, options).run(results);
      }
      if (options.runs("latency")) {
        new LatencyScenario(broker, options).run(results);
      }
      if (options.runs("partitions")) {
        // against a broker with a hashing exchange: bench.partitions.uri, else warren.uri
        new PartitionScenario(options).run(results);
      }
    }
    System.out.println();
    System.out.print(results.table());
    if (results.hasCosts()) {
      System.out.println();
      System.out.println(
          "What each message cost the client JVM (CPU of all its threads; bytes allocated):");
      System.out.println();
      System.out.print(results.costTable());
    }
    if (results.hasSides()) {
      System.out.println();
      System.out.println("Every side against raw, in the same runs (peers: bench/peers):");
      System.out.println();
      System.out.print(results.sidesTable());
    }
    if (!results.telemetry.isEmpty()) {
      System.out.println();
      System.out.println("Telemetry's cost (medians of the same runs):");
      System.out.println();
      System.out.print(results.telemetry.markdown());
    }
    if (!results.latency.isEmpty()) {
      System.out.println();
      System.out.println("Latency, publish to handler (every message of the measured runs):");
      System.out.println();
      System.out.print(results.latency.markdown());
    }
    if (!results.partitions.isEmpty()) {
      System.out.println();
      System.out.println(
          "Partitioned consumers, " + results.partitions.broker() + " (medians of the same runs):");
      System.out.println();
      System.out.print(results.partitions.markdown());
    }
    ChartFile.write(results, options, STARTED);
    System.out.printf(
        Locale.ROOT, "%nfinished in %ds%n", Duration.between(STARTED, Instant.now()).toSeconds());
  }

  /** One line per measured run, as it finishes. */
  static void progress(String line) {
    System.out.printf(
        Locale.ROOT, "[%4ds] %s%n", Duration.between(STARTED, Instant.now()).toSeconds(), line);
  }
}
