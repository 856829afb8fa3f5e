package dev.warren.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Draws the run's figures as an SVG (written by hand, no plotting library): on top, each side's
 * rate over raw's per throughput scenario, around a line at 1 for raw; below, each side's p99
 * latency, publish to handler, per queue type. The sides are whatever the results hold (Warren, and
 * a peer's side once it reports its ratios and latencies), each in a colour of its own.
 */
final class Chart {

  private static final String[] COLOURS = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"
  };
  private static final String RAW_COLOUR = "#9e9e9e";

  private static final int WIDTH = 1000;
  private static final int LABELS = 250;
  private static final int PLOT_LEFT = LABELS + 20;
  private static final int PLOT_WIDTH = WIDTH - PLOT_LEFT - 90;
  private static final int BAR = 14;
  private static final int BAR_GAP = 3;
  private static final int GROUP_GAP = 14;

  private StringBuilder svg = new StringBuilder();
  private final Map<String, String> colours = new LinkedHashMap<>();
  private int y;

  private Chart() {}

  /** The chart of {@code results}, or {@code null} when they hold neither ratios nor latencies. */
  static String svg(Results results, String caption) {
    if (results.ratios().isEmpty() && results.latency.isEmpty()) {
      return null;
    }
    return new Chart().draw(results, caption);
  }

  private String draw(Results results, String caption) {
    // first figure of each (scenario, side): the telemetry scenario repeats consume and publish
    Map<String, Map<String, Double>> ratios = new LinkedHashMap<>();
    Set<String> sides = new LinkedHashSet<>();
    for (Results.Ratio ratio : results.ratios()) {
      ratios
          .computeIfAbsent(shortName(ratio.scenario()), s -> new LinkedHashMap<>())
          .putIfAbsent(ratio.side(), ratio.rate());
      sides.add(ratio.side());
    }
    Map<String, Map<String, LatencyTable.Row>> latencies = new LinkedHashMap<>();
    for (LatencyTable.Row row : results.latency.rows()) {
      latencies
          .computeIfAbsent(shortName(row.scenario()), s -> new LinkedHashMap<>())
          .putIfAbsent(row.side(), row);
      if (!row.side().equals("raw")) {
        sides.add(row.side());
      }
    }
    colours.put("raw", RAW_COLOUR);
    int next = 0;
    for (String side : sides) {
      colours.put(side, COLOURS[next++ % COLOURS.length]);
    }

    y = 30;
    text(20, y, 18, "bold", "start", "Warren benchmark: every side against the raw amqp-client");
    y += 22;
    text(20, y, 12, "normal", "start", caption);
    y += 24;
    legend();
    if (!ratios.isEmpty()) {
      rateChart(ratios, sides.stream().filter(s -> !s.equals("raw")).toList());
    }
    if (!latencies.isEmpty()) {
      latencyChart(latencies);
    }
    int height = y + 10;
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        + WIDTH
        + "\" height=\""
        + height
        + "\" viewBox=\"0 0 "
        + WIDTH
        + " "
        + height
        + "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        + svg
        + "</svg>\n";
  }

  private void legend() {
    int x = 20;
    for (Map.Entry<String, String> side : colours.entrySet()) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
              x,
              y - 10,
              side.getValue()));
      text(x + 17, y, 12, "normal", "start", side.getKey());
      x += 30 + 7 * side.getKey().length();
    }
    y += 26;
  }

  private void rateChart(Map<String, Map<String, Double>> ratios, List<String> sides) {
    text(
        20,
        y,
        14,
        "bold",
        "start",
        "Rate, side's median over raw's in the same run (higher is better)");
    y += 24;
    double max = 1.3;
    for (Map<String, Double> bySide : ratios.values()) {
      for (double ratio : bySide.values()) {
        max = Math.max(max, ratio * 1.08);
      }
    }
    int top = y;
    List<Double> gridLines = new ArrayList<>();
    for (double tick = 0; tick <= max + 1e-9; tick += max > 2 ? 0.5 : 0.25) {
      gridLines.add(tick);
    }
    StringBuilder page = beginMarks();
    for (Map.Entry<String, Map<String, Double>> scenario : ratios.entrySet()) {
      List<String> present = sides.stream().filter(scenario.getValue()::containsKey).toList();
      int groupHeight = present.size() * (BAR + BAR_GAP) - BAR_GAP;
      text(LABELS, y + groupHeight / 2 + 4, 12, "normal", "end", scenario.getKey());
      for (String side : present) {
        double ratio = scenario.getValue().get(side);
        bar(y, ratio / max, colours.get(side), String.format(Locale.ROOT, "%.2f", ratio));
        y += BAR + BAR_GAP;
      }
      y += GROUP_GAP;
    }
    int bottom = y - GROUP_GAP + 4;
    StringBuilder marks = endMarks(page);
    axis(top, bottom, max, gridLines, "%.2f");
    // raw's rate, the line every ratio is read against
    int one = PLOT_LEFT + (int) Math.round(PLOT_WIDTH / max);
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\""
                + " stroke-dasharray=\"6,3\"/>\n",
            one,
            top - 4,
            one,
            bottom,
            RAW_COLOUR));
    text(one, top - 8, 11, "normal", "middle", "raw = 1");
    svg.append(marks);
    y = bottom + 40;
  }

  private void latencyChart(Map<String, Map<String, LatencyTable.Row>> latencies) {
    text(
        20,
        y,
        14,
        "bold",
        "start",
        "Latency, publish to handler at a fixed rate: p99, and the median in the label (lower is better)");
    y += 12;
    double maxMillis = 0;
    for (Map<String, LatencyTable.Row> bySide : latencies.values()) {
      for (LatencyTable.Row row : bySide.values()) {
        maxMillis = Math.max(maxMillis, row.latencies().quantile(0.99) / 1e6);
      }
    }
    double max = niceCeiling(maxMillis * 1.25);
    int top = y;
    StringBuilder page = beginMarks();
    for (Map.Entry<String, Map<String, LatencyTable.Row>> scenario : latencies.entrySet()) {
      int groupHeight = scenario.getValue().size() * (BAR + BAR_GAP) - BAR_GAP;
      text(LABELS, y + groupHeight / 2 + 4, 12, "normal", "end", scenario.getKey());
      for (Map.Entry<String, LatencyTable.Row> side : scenario.getValue().entrySet()) {
        Latencies l = side.getValue().latencies();
        double p99 = l.quantile(0.99) / 1e6;
        bar(
            y,
            p99 / max,
            colours.get(side.getKey()),
            String.format(Locale.ROOT, "p99 %.2f ms, median %.2f ms", p99, l.quantile(0.5) / 1e6));
        y += BAR + BAR_GAP;
      }
      y += GROUP_GAP;
    }
    int bottom = y - GROUP_GAP + 4;
    StringBuilder marks = endMarks(page);
    List<Double> gridLines = new ArrayList<>();
    for (int i = 0; i <= 5; i++) {
      gridLines.add(max * i / 5);
    }
    axis(top, bottom, max, gridLines, "%.1f ms");
    svg.append(marks);
    y = bottom + 40;
  }

  /**
   * Sends what follows to a buffer of its own, so that the axis and grid, drawn once the height is
   * known, end up beneath the bars; returns the page to give {@link #endMarks}.
   */
  private StringBuilder beginMarks() {
    StringBuilder page = svg;
    svg = new StringBuilder();
    return page;
  }

  /** Back to {@code page}; returns the marks drawn since {@link #beginMarks}. */
  private StringBuilder endMarks(StringBuilder page) {
    StringBuilder marks = svg;
    svg = page;
    return marks;
  }

  private void bar(int top, double fraction, String colour, String label) {
    int length = (int) Math.max(1, Math.round(PLOT_WIDTH * Math.min(1, fraction)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
            PLOT_LEFT,
            top,
            length,
            BAR,
            colour));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-size=\"11\" stroke=\"white\" stroke-width=\"3\""
                + " paint-order=\"stroke\">%s</text>\n",
            PLOT_LEFT + length + 4,
            top + BAR - 3,
            escape(label)));
  }

  private void axis(int top, int bottom, double max, List<Double> ticks, String format) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
            PLOT_LEFT,
            top - 4,
            PLOT_LEFT,
            bottom));
    for (double tick : ticks) {
      int x = PLOT_LEFT + (int) Math.round(PLOT_WIDTH * tick / max);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n",
              x,
              top - 4,
              x,
              bottom));
      text(x, bottom + 14, 10, "normal", "middle", String.format(Locale.ROOT, format, tick));
    }
  }

  private void text(int x, int baseline, int size, String weight, String anchor, String text) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"%s\" text-anchor=\"%s\">%s</text>\n",
            x,
            baseline,
            size,
            weight,
            anchor,
            escape(text)));
  }

  /** 1, 2 or 5 times a power of ten, at least {@code value}. */
  private static double niceCeiling(double value) {
    if (value <= 0) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (step * power >= value) {
        return step * power;
      }
    }
    return 10 * power;
  }

  /**
   * A scenario's row name without its number and its counts: {@code 1. consume + ack, classic,
   * 100,000 x 1 KiB, prefetch 250} becomes {@code consume + ack, classic}.
   */
  static String shortName(String scenario) {
    return scenario
        .replaceFirst("^\\d+\\.\\s*", "")
        .replaceFirst(",\\s*[\\d,]+\\s*(x |round trips|msg/s).*$", "");
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
