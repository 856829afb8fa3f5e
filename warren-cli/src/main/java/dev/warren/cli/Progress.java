package dev.warren.cli;

import dev.warren.internal.deadletter.PassProgress;
import java.io.PrintStream;

/**
 * Shows how far a pass got on standard error: a bar redrawn in place (at most ten times a second)
 * on a terminal, or a line at every tenth of the queue otherwise. Runs on the pass's (the main)
 * thread.
 */
final class Progress implements PassProgress {

  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 100_000_000;

  private final PrintStream err;
  private final boolean bar;
  private final String operation;
  private final String doneWord;
  private long lastDraw;
  private long lastTenth = -1;
  private String lastLine;
  private boolean drawn;

  /**
   * @param bar a bar redrawn in place (a terminal), else plain lines
   * @param operation what runs, e.g. {@code replay}
   * @param doneWord what done ones are, e.g. {@code replayed}
   */
  Progress(PrintStream err, boolean bar, String operation, String doneWord) {
    this.err = err;
    this.bar = bar;
    this.operation = operation;
    this.doneWord = doneWord;
  }

  @Override
  public void update(long examined, long total, long selected, long done) {
    if (total <= 0) {
      return;
    }
    long percent = Math.min(100, examined * 100 / total);
    if (bar) {
      long now = System.nanoTime();
      if (drawn && now - lastDraw < REDRAW_NANOS && examined < total) {
        return;
      }
      lastDraw = now;
      int filled = (int) (percent * WIDTH / 100);
      err.print(
          "\r"
              + operation
              + " ["
              + "#".repeat(filled)
              + ".".repeat(WIDTH - filled)
              + "] "
              + percent
              + "% "
              + line(examined, total, selected, done)
              + "   ");
      err.flush();
      drawn = true;
    } else {
      // a line at every tenth, and at the end each change (the last confirms come after the last
      // dead letter is examined)
      String line = line(examined, total, selected, done);
      if (percent / 10 > lastTenth || (examined >= total && !line.equals(lastLine))) {
        lastTenth = percent / 10;
        lastLine = line;
        err.println(operation + ": " + percent + "% (" + line + ")");
      }
    }
  }

  private String line(long examined, long total, long selected, long done) {
    return examined
        + " of "
        + total
        + " examined, "
        + selected
        + " selected"
        + (doneWord == null ? "" : ", " + done + " " + doneWord);
  }

  /** Ends the bar's line, so that what follows starts on a line of its own. */
  void end() {
    if (bar && drawn) {
      err.println();
      drawn = false;
    }
  }
}
