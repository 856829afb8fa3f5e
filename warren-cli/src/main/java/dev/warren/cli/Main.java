package dev.warren.cli;

import dev.warren.DeadLetterReport;
import dev.warren.internal.deadletter.PassProgress;
import dev.warren.internal.deadletter.RabbitDeadLetters;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The dead letter command line: {@code java -jar warren-cli.jar count|browse|replay|purge --queue Q
 * [options]}. Exit codes: 0 done, 1 some selected dead letters failed (they stay in the queue), 2
 * the command line is wrong, 3 the broker or the queue failed. Runs everything on the main thread.
 */
public final class Main {

  static final int DONE = 0;
  static final int SOME_FAILED = 1;
  static final int USAGE = 2;
  static final int BROKER = 3;

  private Main() {}

  public static void main(String[] args) {
    System.exit(
        run(
            Arrays.asList(args),
            System.getenv(Arguments.URI_VARIABLE),
            System.console() != null,
            System.out,
            System.err));
  }

  /**
   * Sends every log record (WARREN-304 says what a replay or purge did; the client's own warnings)
   * to standard error as one line, on a line of its own after the progress bar.
   */
  private static void logTo(PrintStream err, Progress progress) {
    Logger root = Logger.getLogger("");
    for (Handler handler : root.getHandlers()) {
      root.removeHandler(handler);
    }
    Formatter text = new SimpleFormatter();
    root.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (isLoggable(record)) {
              progress.end();
              err.println(
                  record.getLevel()
                      + " "
                      + text.formatMessage(record)
                      + (record.getThrown() == null ? "" : " (" + record.getThrown() + ")"));
            }
          }

          @Override
          public void flush() {
            err.flush();
          }

          @Override
          public void close() {}
        });
  }

  /**
   * Runs one command line.
   *
   * @param uriVariable the environment variable {@code WARREN_URI}, {@code null} when not set
   * @param terminal whether the tool runs on a terminal (a progress bar is shown by default)
   * @return the exit code
   */
  static int run(
      List<String> args, String uriVariable, boolean terminal, PrintStream out, PrintStream err) {
    Command command;
    try {
      command = Arguments.parse(args, uriVariable);
    } catch (UsageException e) {
      err.println(e.getMessage());
      err.println("(java -jar warren-cli.jar --help lists the commands and options)");
      return USAGE;
    }
    if (command.help()) {
      out.print(Help.TEXT);
      return DONE;
    }
    Printer printer = new Printer(out, command.json());
    String operation = command.operation().word();
    boolean show = command.progress() != null ? command.progress() : terminal;
    Progress progress =
        new Progress(
            err,
            terminal,
            operation,
            switch (command.operation()) {
              case REPLAY -> command.query().isDryRun() ? null : "replayed";
              case PURGE -> command.query().isDryRun() ? null : "purged";
              default -> null;
            });
    PassProgress shown = show ? progress : PassProgress.NONE;
    logTo(err, progress);
    try {
      RabbitDeadLetters deadLetters = Broker.deadLetters(command.uri(), command.retryCountHeader());
      switch (command.operation()) {
        case COUNT ->
            printer.count(command.query().queue(), deadLetters.count(command.query(), shown));
        case BROWSE -> {
          var letters = deadLetters.browse(command.query(), shown);
          progress.end();
          printer.browse(letters);
        }
        case REPLAY, PURGE -> {
          DeadLetterReport report =
              command.operation() == Command.Operation.REPLAY
                  ? deadLetters.replay(command.query(), shown)
                  : deadLetters.purge(command.query(), shown);
          progress.end();
          printer.report(operation, Broker.masked(command.uri()), report);
          return report.failed().isEmpty() ? DONE : SOME_FAILED;
        }
      }
      progress.end();
      return DONE;
    } catch (IllegalStateException | IllegalArgumentException e) {
      progress.end();
      err.println(Broker.explain(e, command.uri()));
      return BROKER;
    }
  }
}
