package dev.warren.bench;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;

/** The rows of the printed table: medians of each side, and how Warren compares to the target. */
final class Results {

  private final List<Row> rows = new ArrayList<>();
  private final List<Row> costs = new ArrayList<>();
  private final List<String[]> sides = new ArrayList<>();
  private final List<Ratio> ratios = new ArrayList<>();

  /** The latency scenario's table. */
  final LatencyTable latency = new LatencyTable();

  /** The telemetry scenario's table. */
  final TelemetryTable telemetry = new TelemetryTable();

  /** The partitions scenario's tables. */
  final PartitionTable partitions = new PartitionTable();

  /** A side's median rate over raw's in one scenario, for the chart. */
  record Ratio(String scenario, String side, double rate) {}

  /**
   * A throughput row (higher is better): the ratio Warren/raw of the median rates against {@code
   * target}; and a row of what each message cost the client, for the second table.
   */
  void throughput(String scenario, List<Tally.Run> raw, List<Tally.Run> warren, double target) {
    throughput(scenario, "msg/s", raw, warren, target);
  }

  /** A throughput row in another unit than messages per second, e.g. round trips per second. */
  void throughput(
      String scenario, String unit, List<Tally.Run> raw, List<Tally.Run> warren, double target) {
    List<Double> rawRates = raw.stream().map(Tally.Run::rate).toList();
    List<Double> warrenRates = warren.stream().map(Tally.Run::rate).toList();
    double r = median(rawRates);
    double w = median(warrenRates);
    double ratio = w / r;
    rows.add(
        new Row(
            scenario,
            rate(r, unit) + " " + spread(rawRates, Results::number),
            rate(w, unit) + " " + spread(warrenRates, Results::number),
            String.format(Locale.ROOT, "%.3f", ratio),
            String.format(Locale.ROOT, ">= %.2f", target),
            ratio >= target ? "yes" : "NO"));
    costs.add(costRow(scenario, raw, warren));
    ratio(scenario, "Warren", ratio);
  }

  /**
   * Puts a side's rate ratio to raw into the chart ({@link Chart}): Warren's comes from {@link
   * #throughput}; a peer's side calls this with its own.
   */
  void ratio(String scenario, String side, double rateOverRaw) {
    ratios.add(new Ratio(scenario, side, rateOverRaw));
  }

  /** Every side's ratios, in the order they were added. */
  List<Ratio> ratios() {
    return List.copyOf(ratios);
  }

  private static Row costRow(String scenario, List<Tally.Run> raw, List<Tally.Run> warren) {
    double rawCpu = median(raw.stream().map(Tally.Run::cpuMicros).toList());
    double warrenCpu = median(warren.stream().map(Tally.Run::cpuMicros).toList());
    double rawBytes = median(raw.stream().map(Tally.Run::allocatedBytes).toList());
    double warrenBytes = median(warren.stream().map(Tally.Run::allocatedBytes).toList());
    return new Row(
        scenario,
        String.format(Locale.ROOT, "%.1f µs", rawCpu),
        String.format(Locale.ROOT, "%.1f µs", warrenCpu),
        String.format(Locale.ROOT, "%.2f", warrenCpu / rawCpu),
        String.format(Locale.ROOT, "%,.0f B", rawBytes),
        String.format(Locale.ROOT, "%,.0f B", warrenBytes));
  }

  /** A diagnostic row without a target: a variant against raw, to split a difference into parts. */
  void diagnostic(String scenario, List<Tally.Run> raw, List<Tally.Run> variant) {
    diagnostic(scenario, "msg/s", raw, variant);
  }

  /** A diagnostic row in another unit than messages per second. */
  void diagnostic(String scenario, String unit, List<Tally.Run> raw, List<Tally.Run> variant) {
    List<Double> rawRates = raw.stream().map(Tally.Run::rate).toList();
    List<Double> variantRates = variant.stream().map(Tally.Run::rate).toList();
    double r = median(rawRates);
    double v = median(variantRates);
    rows.add(
        new Row(
            scenario,
            rate(r, unit) + " " + spread(rawRates, Results::number),
            rate(v, unit) + " " + spread(variantRates, Results::number),
            String.format(Locale.ROOT, "%.3f", v / r),
            "(diagnostic)",
            "-"));
    costs.add(costRow(scenario, raw, variant));
  }

  /**
   * Every side of a scenario against raw, for {@link #sidesTable()}; and a row in both other tables
   * for each side after the first two (raw and Warren, whose rows {@link #throughput} adds), as
   * {@link #diagnostic} adds them.
   *
   * @param throughput the scenario's name in {@link #throughput}, under which the chart shows each
   *     peer's ratio beside Warren's
   * @param bySide each side's runs by its label, raw's first
   */
  void sides(String scenario, String throughput, String unit, Map<String, List<Tally.Run>> bySide) {
    List<Tally.Run> raw = bySide.values().iterator().next();
    double rawRate = median(raw.stream().map(Tally.Run::rate).toList());
    double rawCpu = median(raw.stream().map(Tally.Run::cpuMicros).toList());
    double rawBytes = median(raw.stream().map(Tally.Run::allocatedBytes).toList());
    int index = 0;
    for (Map.Entry<String, List<Tally.Run>> side : bySide.entrySet()) {
      List<Tally.Run> runs = side.getValue();
      List<Double> rates = runs.stream().map(Tally.Run::rate).toList();
      double rate = median(rates);
      double cpu = median(runs.stream().map(Tally.Run::cpuMicros).toList());
      double bytes = median(runs.stream().map(Tally.Run::allocatedBytes).toList());
      sides.add(
          new String[] {
            scenario,
            side.getKey(),
            rate(rate, unit) + " " + spread(rates, Results::number),
            String.format(Locale.ROOT, "%.3f", rate / rawRate),
            String.format(Locale.ROOT, "%.1f µs", cpu),
            String.format(Locale.ROOT, "%.2f", cpu / rawCpu),
            String.format(Locale.ROOT, "%,.0f B", bytes),
            String.format(Locale.ROOT, "%.2f", bytes / rawBytes)
          });
      if (index++ >= 2) {
        ratio(throughput, side.getKey(), rate / rawRate);
        rows.add(
            new Row(
                scenario + ": " + side.getKey(),
                rate(rawRate, unit)
                    + " "
                    + spread(raw.stream().map(Tally.Run::rate).toList(), Results::number),
                rate(rate, unit) + " " + spread(rates, Results::number),
                String.format(Locale.ROOT, "%.3f", rate / rawRate),
                "(peer)",
                "-"));
        costs.add(costRow(scenario + ": " + side.getKey(), raw, runs));
      }
    }
  }

  /** A row of the table of every side: {@code side} has no counterpart of {@code scenario}. */
  void noCounterpart(String scenario, String side) {
    sides.add(new String[] {scenario, side, "—, no counterpart", "", "", "", "", ""});
  }

  /** Whether a scenario with peer sides ran, which {@link #sidesTable()} then shows. */
  boolean hasSides() {
    return !sides.isEmpty();
  }

  /** Every side of each scenario with peers: medians, and each over raw's of the same run. */
  String sidesTable() {
    List<String[]> all = new ArrayList<>();
    all.add(
        new String[] {
          "scenario",
          "side",
          "rate (median, range)",
          "rate/raw",
          "CPU/msg",
          "CPU/raw",
          "allocated/msg",
          "allocated/raw"
        });
    all.addAll(sides);
    return markdown(all);
  }

  /** A row of other values, already formatted. */
  void row(
      String scenario, String raw, String warren, String comparison, String target, String met) {
    rows.add(new Row(scenario, raw, warren, comparison, target, met));
  }

  /** The table as Markdown, so that it can go into RESULTS.md as it is. */
  String table() {
    return markdown(
        new Row("scenario", "raw (median)", "Warren (median)", "Warren/raw", "target", "met"),
        rows);
  }

  /** Whether a throughput scenario ran, which {@link #costTable()} then shows. */
  boolean hasCosts() {
    return !costs.isEmpty();
  }

  /** What each message cost the client (whole JVM), medians of the same runs. */
  String costTable() {
    return markdown(
        new Row(
            "scenario",
            "CPU/msg raw",
            "CPU/msg Warren",
            "Warren/raw",
            "allocated/msg raw",
            "allocated/msg Warren"),
        costs);
  }

  private static String markdown(Row header, List<Row> rows) {
    List<String[]> all = new ArrayList<>();
    all.add(header.cells());
    rows.forEach(row -> all.add(row.cells()));
    return markdown(all);
  }

  /** Rows of cells, the first the header, as a Markdown table with aligned columns. */
  private static String markdown(List<String[]> all) {
    int columns = all.get(0).length;
    int[] widths = new int[columns];
    for (String[] cells : all) {
      for (int i = 0; i < cells.length; i++) {
        widths[i] = Math.max(widths[i], cells[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < all.size(); r++) {
      out.append(line(all.get(r), widths));
      if (r == 0) {
        String[] rule = new String[columns];
        for (int i = 0; i < rule.length; i++) {
          rule[i] = "-".repeat(widths[i]);
        }
        out.append(line(rule, widths));
      }
    }
    return out.toString();
  }

  private static String line(String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder("|");
    for (int i = 0; i < cells.length; i++) {
      line.append(' ').append(cells[i]).append(" ".repeat(widths[i] - cells[i].length()));
      line.append(" |");
    }
    return line.append('\n').toString();
  }

  static double median(List<Double> samples) {
    List<Double> sorted = samples.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  static String rate(double perSecond) {
    return rate(perSecond, "msg/s");
  }

  static String rate(double perSecond, String unit) {
    return String.format(Locale.ROOT, "%,.0f %s", perSecond, unit);
  }

  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  /** One run, for the progress lines; the UTC times find it in a flight recording. */
  static String describe(Tally.Run run) {
    return String.format(
        Locale.ROOT,
        "%s, %.1f µs CPU and %,.0f B allocated per message, JIT %,d ms (%s-%s UTC)",
        rate(run.rate()),
        run.cpuMicros(),
        run.allocatedBytes(),
        run.jitMillis(),
        CLOCK.format(run.from()),
        CLOCK.format(run.to()));
  }

  static String millis(double ms) {
    return String.format(Locale.ROOT, "%,.0f ms", ms);
  }

  static String number(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  /** The samples' range, so that the reader sees how noisy the medians are. */
  static String spread(List<Double> samples, DoubleFunction<String> format) {
    double min = samples.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = samples.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return "(" + format.apply(min) + "–" + format.apply(max) + ")";
  }

  private record Row(
      String scenario, String raw, String warren, String comparison, String target, String met) {
    String[] cells() {
      return new String[] {scenario, raw, warren, comparison, target, met};
    }
  }
}
