package dev.warren.cli;

import dev.warren.DeadLetter;
import dev.warren.DeadLetterReport;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the tool prints on standard output: a count, one line per dead letter (tab-separated, with a
 * header line), or a summary, each also as JSON (one object) for scripts.
 */
final class Printer {

  /** The columns of a browse line, in order. */
  static final String BROWSE_HEADER =
      "POSITION\tMESSAGE ID\tORIGIN\tREASON\tDIED AT\tREPLAYED\tEXCEPTION";

  /** How many failed dead letters a summary names per reason. */
  private static final int IDS_PER_REASON = 5;

  private final PrintStream out;
  private final boolean json;

  Printer(PrintStream out, boolean json) {
    this.out = out;
    this.json = json;
  }

  void count(String queue, long count) {
    out.println(json ? "{\"queue\":" + quote(queue) + ",\"count\":" + count + "}" : count);
  }

  void browse(List<DeadLetter> letters) {
    if (json) {
      List<String> items = new ArrayList<>();
      for (DeadLetter letter : letters) {
        items.add(
            "{\"position\":"
                + letter.position()
                + ",\"messageId\":"
                + quote(letter.messageId())
                + ",\"originQueue\":"
                + quote(letter.originQueue())
                + ",\"reason\":"
                + quote(letter.reason())
                + ",\"diedAt\":"
                + quote(letter.diedAt() == null ? null : letter.diedAt().toString())
                + ",\"replayed\":"
                + letter.replayed()
                + ",\"exception\":"
                + quote(letter.exception())
                + "}");
      }
      out.println("[" + String.join(",", items) + "]");
      return;
    }
    out.println(BROWSE_HEADER);
    for (DeadLetter letter : letters) {
      out.println(
          String.join(
              "\t",
              Long.toString(letter.position()),
              cell(letter.messageId()),
              cell(letter.originQueue()),
              cell(letter.reason()),
              cell(letter.diedAt() == null ? null : letter.diedAt().toString()),
              Integer.toString(letter.replayed()),
              cell(letter.exception())));
    }
  }

  /**
   * @param operation {@code replay} or {@code purge}
   * @param where the broker, its password masked
   */
  void report(String operation, String where, DeadLetterReport report) {
    if (json) {
      List<String> failed = new ArrayList<>();
      for (DeadLetterReport.Failure failure : report.failed()) {
        failed.add(
            "{\"messageId\":"
                + quote(failure.messageId())
                + ",\"target\":"
                + quote(failure.target())
                + ",\"why\":"
                + quote(failure.why())
                + "}");
      }
      List<String> ids = report.selectedIds().stream().map(Printer::quote).toList();
      out.println(
          "{\"operation\":"
              + quote(operation)
              + ",\"queue\":"
              + quote(report.queue())
              + ",\"dryRun\":"
              + report.dryRun()
              + ",\"examined\":"
              + report.examined()
              + ",\"selected\":"
              + report.selected()
              + ",\"done\":"
              + report.done()
              + ",\"failed\":["
              + String.join(",", failed)
              + "],\"tookMillis\":"
              + report.took().toMillis()
              + ",\"selectedIds\":["
              + String.join(",", ids)
              + "]}");
      return;
    }
    String done = operation.equals("replay") ? "replayed" : "purged";
    out.println(
        operation
            + " of queue '"
            + report.queue()
            + "' on "
            + where
            + (report.dryRun() ? ": dry run, nothing changed" : ""));
    out.printf(Locale.ROOT, "  examined  %d%n", report.examined());
    out.printf(Locale.ROOT, "  selected  %d%n", report.selected());
    if (report.dryRun()) {
      out.printf(Locale.ROOT, "  %s  0 (would be %d)%n", pad(done), report.selected());
    } else {
      out.printf(Locale.ROOT, "  %s  %d%n", pad(done), report.done());
    }
    out.printf(Locale.ROOT, "  failed    %d%n", report.failed().size());
    for (Map.Entry<String, List<String>> reason : byReason(report.failed()).entrySet()) {
      List<String> ids = reason.getValue();
      out.printf(
          Locale.ROOT,
          "    %d: %s (%s%s)%n",
          ids.size(),
          reason.getKey(),
          String.join(", ", ids.subList(0, Math.min(IDS_PER_REASON, ids.size()))),
          ids.size() > IDS_PER_REASON ? ", ..." : "");
    }
    out.printf(Locale.ROOT, "  took      %.2f s%n", report.took().toMillis() / 1000.0);
  }

  private static Map<String, List<String>> byReason(List<DeadLetterReport.Failure> failed) {
    Map<String, List<String>> reasons = new LinkedHashMap<>();
    for (DeadLetterReport.Failure failure : failed) {
      String key =
          failure.why() + (failure.target() == null ? "" : " to queue '" + failure.target() + "'");
      reasons
          .computeIfAbsent(key, k -> new ArrayList<>())
          .add(failure.messageId() == null ? "no message id" : failure.messageId());
    }
    return reasons;
  }

  private static String pad(String word) {
    return String.format(Locale.ROOT, "%-8s", word);
  }

  private static String cell(String value) {
    return value == null ? "-" : value.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /** A JSON string, or {@code null}. */
  static String quote(String value) {
    if (value == null) {
      return "null";
    }
    StringBuilder text = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> text.append("\\\"");
        case '\\' -> text.append("\\\\");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        default -> {
          if (c < 0x20) {
            text.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            text.append(c);
          }
        }
      }
    }
    return text.append('"').toString();
  }
}
