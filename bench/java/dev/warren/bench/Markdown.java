package dev.warren.bench;

import java.util.List;

/** A Markdown table with padded columns, so that it reads in a terminal as in RESULTS.md. */
final class Markdown {

  private Markdown() {}

  /** The first line is the header. */
  static String table(List<String[]> lines) {
    int columns = lines.get(0).length;
    int[] widths = new int[columns];
    for (String[] line : lines) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], line[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (int l = 0; l < lines.size(); l++) {
      append(out, lines.get(l), widths);
      if (l == 0) {
        String[] rule = new String[columns];
        for (int i = 0; i < columns; i++) {
          rule[i] = "-".repeat(widths[i]);
        }
        append(out, rule, widths);
      }
    }
    return out.toString();
  }

  private static void append(StringBuilder out, String[] cells, int[] widths) {
    out.append('|');
    for (int i = 0; i < cells.length; i++) {
      out.append(' ').append(cells[i]).append(" ".repeat(widths[i] - cells[i].length()));
      out.append(" |");
    }
    out.append('\n');
  }
}
