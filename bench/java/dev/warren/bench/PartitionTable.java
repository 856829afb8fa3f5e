package dev.warren.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code partitions} scenario's two tables ({@link PartitionScenario}): consume by partition
 * count against one queue with that concurrency, and publish through the hashing exchange against
 * the default exchange; medians of the same rounds, with their ranges.
 */
final class PartitionTable {

  private final List<String[]> consume = new ArrayList<>();
  private final List<String[]> publish = new ArrayList<>();
  private String broker = "";

  /** The broker and its hashing exchange, for the tables' heading. */
  void broker(String broker) {
    this.broker = broker;
  }

  String broker() {
    return broker;
  }

  /**
   * The row of partition count {@code p}.
   *
   * @param handler what the handler does per delivery
   * @param largestShare the share of the messages that the fullest partition held
   * @param concurrent one queue with concurrency P and as many deliveries unacked as the partitions
   * @param samePrefetch one queue with concurrency P and one partition's prefetch
   */
  void consume(
      int p,
      String handler,
      double largestShare,
      List<Tally.Run> partitioned,
      List<Tally.Run> concurrent,
      List<Tally.Run> samePrefetch) {
    consume.add(
        new String[] {
          handler,
          Integer.toString(p),
          String.format(Locale.ROOT, "%.1f %%", 100 * largestShare),
          rate(partitioned),
          rate(concurrent),
          ratio(partitioned, concurrent),
          rate(samePrefetch),
          ratio(partitioned, samePrefetch),
          cpu(partitioned),
          cpu(concurrent)
        });
  }

  /**
   * The row of one publish side, against {@code base}: the same client's to the default exchange.
   */
  void publish(String side, List<Tally.Run> runs, List<Tally.Run> base) {
    publish.add(new String[] {side, rate(runs), ratio(runs, base), cpu(runs)});
  }

  boolean isEmpty() {
    return consume.isEmpty() && publish.isEmpty();
  }

  /** Both tables as Markdown. */
  String markdown() {
    List<String[]> consumeLines = new ArrayList<>();
    consumeLines.add(
        new String[] {
          "handler waits",
          "P",
          "fullest partition",
          "partitions = P (median, range)",
          "one queue, concurrency = P, prefetch P × 250",
          "ratio",
          "the same, prefetch 250",
          "ratio",
          "CPU/msg partitioned",
          "CPU/msg concurrency"
        });
    consumeLines.addAll(consume);
    List<String[]> publishLines = new ArrayList<>();
    publishLines.add(
        new String[] {"side", "rate (median, range)", "rate / default exchange", "CPU/msg"});
    publishLines.addAll(publish);
    return Markdown.table(consumeLines) + "\n" + Markdown.table(publishLines);
  }

  /** {@code runs}' median rate over {@code base}'s. */
  private static String ratio(List<Tally.Run> runs, List<Tally.Run> base) {
    return String.format(Locale.ROOT, "%.3f", median(runs) / median(base));
  }

  private static double median(List<Tally.Run> runs) {
    return Results.median(runs.stream().map(Tally.Run::rate).toList());
  }

  private static String rate(List<Tally.Run> runs) {
    return Results.rate(median(runs))
        + " "
        + Results.spread(runs.stream().map(Tally.Run::rate).toList(), Results::number);
  }

  private static String cpu(List<Tally.Run> runs) {
    return String.format(
        Locale.ROOT, "%.1f µs", Results.median(runs.stream().map(Tally.Run::cpuMicros).toList()));
  }
}
