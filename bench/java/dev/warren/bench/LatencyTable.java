package dev.warren.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The latency scenario's rows: one per queue type and side, in the order they ran. */
final class LatencyTable {

  /** One side's figures on one scenario. */
  record Row(String scenario, String side, Latencies latencies, double cpuMicros) {}

  private final List<Row> rows = new ArrayList<>();

  void add(String scenario, String side, Latencies latencies, double cpuMicros) {
    rows.add(new Row(scenario, side, latencies, cpuMicros));
  }

  List<Row> rows() {
    return List.copyOf(rows);
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table as Markdown. */
  String markdown() {
    List<String[]> lines = new ArrayList<>();
    lines.add(
        new String[] {
          "scenario", "side", "median", "p99", "p99.9", "max", "messages", "CPU/msg (JVM)"
        });
    for (Row row : rows) {
      Latencies l = row.latencies();
      lines.add(
          new String[] {
            row.scenario(),
            row.side(),
            Latencies.millis(l.quantile(0.5)),
            Latencies.millis(l.quantile(0.99)),
            Latencies.millis(l.quantile(0.999)),
            Latencies.millis(l.quantile(1)),
            String.format(Locale.ROOT, "%,d", l.count()),
            String.format(Locale.ROOT, "%.1f µs", row.cpuMicros())
          });
    }
    return Markdown.table(lines);
  }
}
