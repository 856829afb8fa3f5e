package dev.warren.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Where the chart goes: every run that measured a ratio or a latency writes {@code
 * target/bench-chart.svg}; a full run (every throughput scenario and the latency one) also writes
 * {@code bench/chart.svg}, the one {@code bench/RESULTS.md} shows. Both paths are relative to the
 * project folder, where the {@code bench} profile runs the benchmark.
 */
final class ChartFile {

  /** The scenarios a run must include to replace {@code bench/chart.svg}. */
  static final List<String> FULL =
      List.of("consume", "publish", "retry", "request-reply", "latency");

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  private ChartFile() {}

  static void write(Results results, BenchOptions options, Instant started) throws IOException {
    String svg =
        Chart.svg(
            results,
            String.format(
                Locale.ROOT,
                "Run of %s: %d rounds, %,d messages per run, scenarios %s; medians of the rounds.",
                DAY.format(started),
                options.rounds(),
                options.messages(),
                String.join(",", options.scenarios())));
    if (svg == null) {
      return;
    }
    Path target = Path.of("target");
    if (Files.isDirectory(target)) {
      Path file = target.resolve("bench-chart.svg");
      Files.writeString(file, svg, StandardCharsets.UTF_8);
      System.out.println();
      System.out.println("chart: " + file.toAbsolutePath());
    }
    Path bench = Path.of("bench");
    if (options.scenarios().containsAll(FULL) && Files.isDirectory(bench)) {
      Path file = bench.resolve("chart.svg");
      Files.writeString(file, svg, StandardCharsets.UTF_8);
      System.out.println("chart: " + file.toAbsolutePath() + " (a full run)");
    }
  }
}
