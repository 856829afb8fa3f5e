package dev.warren.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code telemetry} scenario's table: for consume and for publish, raw and Warren's three
 * telemetry setups, each with its median rate, CPU and bytes per message, and the ratios to Warren
 * with telemetry off, from the same run.
 */
final class TelemetryTable {

  private final List<String[]> lines = new ArrayList<>();

  /**
   * The rows of one scenario.
   *
   * @param sdkSpansPerMessage spans the SDK runs recorded (exported to memory) per message they
   *     handled
   */
  void add(
      String scenario,
      List<Tally.Run> raw,
      List<Tally.Run> off,
      List<Tally.Run> noop,
      List<Tally.Run> sdk,
      double sdkSpansPerMessage) {
    double offRate = rate(off);
    double offCpu = cpu(off);
    line(scenario, "raw amqp-client", raw, offRate, offCpu, "-");
    line(scenario, "Warren, OpenTelemetry off", off, offRate, offCpu, "-");
    line(scenario, "Warren, API without an SDK", noop, offRate, offCpu, "-");
    line(
        scenario,
        "Warren, SDK recording every span",
        sdk,
        offRate,
        offCpu,
        String.format(Locale.ROOT, "%.2f", sdkSpansPerMessage));
  }

  boolean isEmpty() {
    return lines.isEmpty();
  }

  String markdown() {
    List<String[]> all = new ArrayList<>();
    all.add(
        new String[] {
          "scenario",
          "side",
          "rate (median)",
          "rate / off",
          "CPU/msg",
          "CPU / off",
          "allocated/msg",
          "spans/msg"
        });
    all.addAll(lines);
    return Markdown.table(all);
  }

  private void line(
      String scenario,
      String side,
      List<Tally.Run> runs,
      double offRate,
      double offCpu,
      String spans) {
    double rate = rate(runs);
    double cpu = cpu(runs);
    lines.add(
        new String[] {
          scenario,
          side,
          Results.rate(rate),
          String.format(Locale.ROOT, "%.3f", rate / offRate),
          String.format(Locale.ROOT, "%.1f µs", cpu),
          String.format(Locale.ROOT, "%.2f", cpu / offCpu),
          String.format(
              Locale.ROOT,
              "%,.0f B",
              Results.median(runs.stream().map(Tally.Run::allocatedBytes).toList())),
          spans
        });
  }

  private static double rate(List<Tally.Run> runs) {
    return Results.median(runs.stream().map(Tally.Run::rate).toList());
  }

  private static double cpu(List<Tally.Run> runs) {
    return Results.median(runs.stream().map(Tally.Run::cpuMicros).toList());
  }
}
