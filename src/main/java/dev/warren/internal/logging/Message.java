package dev.warren.internal.logging;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * One entry of Warren's message catalogue: its stable id, the level it is reported at, and its text
 * as a template. The entries live in one class per {@link MessageArea}; a call site logs through
 * the entry ({@link #log}), or takes its {@link #text} for an exception or a deployment problem, so
 * the level is the entry's and never the call site's.
 *
 * <p>The template names its parts in braces, {@code {consumer}}; {@link #text} fills them with its
 * arguments in the order the names first appear (a name that appears twice takes one argument). A
 * {@code |} marks where the advice (what to do) begins: it is not part of the text, and {@code
 * docs/messages.md} shows what follows it as what to do.
 */
public final class Message {

  /** How a message reaches the user. */
  public enum Level {
    /** Logged as an error (java.util.logging SEVERE): something is lost or stopped. */
    ERROR(java.util.logging.Level.SEVERE),
    /** Logged as a warning (WARNING). */
    WARN(java.util.logging.Level.WARNING),
    /** Logged as information (INFO): nothing to fix. */
    INFO(java.util.logging.Level.INFO),
    /**
     * A deployment problem: reported with the others in one {@code WARREN-001} DeploymentException
     * (or as a compile error of the annotation processor), and the application does not start.
     */
    PROBLEM(null),
    /** The message of an exception thrown to the application's (or a test's) code. */
    THROWN(null);

    private final java.util.logging.Level logged;

    Level(java.util.logging.Level logged) {
      this.logged = logged;
    }

    /** The java.util.logging level, or {@code null} for a message that is not logged. */
    public java.util.logging.Level logged() {
      return logged;
    }
  }

  private final int number;
  private final Level level;
  private final String template;
  private final String advice;
  private final List<String> literals = new ArrayList<>();
  private final List<Integer> slots = new ArrayList<>();
  private final List<String> names = new ArrayList<>();

  /**
   * @param number the id's number, {@code WARREN-}{@code 001} is 1
   * @param template the text after the id, with its parts in braces and {@code |} before the advice
   */
  public Message(int number, Level level, String template) {
    this(number, level, template, null);
  }

  /**
   * @param advice what to do, for a text that does not say it (shown in {@code docs/messages.md})
   */
  public Message(int number, Level level, String template, String advice) {
    this.number = number;
    this.level = Objects.requireNonNull(level);
    this.template = template;
    this.advice = advice;
    String text = template.replace("|", "");
    int at = 0;
    while (true) {
      int open = text.indexOf('{', at);
      if (open < 0) {
        break;
      }
      int close = text.indexOf('}', open);
      String name = text.substring(open + 1, close);
      literals.add(text.substring(at, open));
      int slot = names.indexOf(name);
      if (slot < 0) {
        slot = names.size();
        names.add(name);
      }
      slots.add(slot);
      at = close + 1;
    }
    literals.add(text.substring(at));
  }

  public int number() {
    return number;
  }

  /** {@code WARREN-001}. */
  public String id() {
    return String.format("WARREN-%03d", number);
  }

  public Level level() {
    return level;
  }

  /** The template as written, with its {@code {names}} and {@code |}. */
  public String template() {
    return template;
  }

  /** The names of the template's parts, in the order {@link #text} takes them. */
  public List<String> parts() {
    return List.copyOf(names);
  }

  /** What the text says before its advice (the whole template when it has none). */
  public String summary() {
    int bar = template.indexOf('|');
    return bar < 0 ? template : template.substring(0, bar);
  }

  /** What to do: the template's advice after {@code |}, else the one given, else {@code null}. */
  public String whatToDo() {
    int bar = template.indexOf('|');
    return bar >= 0 ? template.substring(bar + 1) : advice;
  }

  /** The id, a space and the template filled with {@code args} (see the class comment). */
  public String text(Object... args) {
    if (args.length != names.size()) {
      throw new IllegalArgumentException(
          id() + " takes " + names.size() + " parts " + names + ", not " + args.length);
    }
    StringBuilder text = new StringBuilder(id()).append(' ');
    for (int i = 0; i < slots.size(); i++) {
      text.append(literals.get(i)).append(args[slots.get(i)]);
    }
    return text.append(literals.get(literals.size() - 1)).toString();
  }

  /** Logs {@link #text} at this entry's level. */
  public void log(Logger logger, Object... args) {
    logThrown(logger, null, args);
  }

  /** Logs {@link #text} at this entry's level, with {@code thrown}'s stack trace. */
  public void logThrown(Logger logger, Throwable thrown, Object... args) {
    logThrownAt(logged(), logger, thrown, args);
  }

  /** For the one message logged at two levels ({@code WARREN-040}): the level it is logged at. */
  void logThrownAt(
      java.util.logging.Level logged, Logger logger, Throwable thrown, Object... args) {
    String text = text(args);
    if (!logger.isLoggable(logged)) {
      return;
    }
    // the record names the class that logs, as when it called the logger itself
    StackWalker.StackFrame caller =
        StackWalker.getInstance()
            .walk(
                frames ->
                    frames.filter(f -> !isCatalogue(f.getClassName())).findFirst().orElse(null));
    if (caller == null) {
      logger.log(logged, text, thrown);
    } else {
      logger.logp(logged, caller.getClassName(), caller.getMethodName(), text, thrown);
    }
  }

  private static final String HERE = Message.class.getPackageName() + ".";

  /** This class and the areas' classes ({@code ...Messages}), which log for their callers. */
  private static boolean isCatalogue(String className) {
    return className.equals(Message.class.getName())
        || (className.startsWith(HERE) && className.endsWith("Messages"));
  }

  private java.util.logging.Level logged() {
    if (level.logged() == null) {
      throw new IllegalStateException(id() + " is " + level + ", not a logged message");
    }
    return level.logged();
  }

  @Override
  public String toString() {
    return id() + " " + level + " " + template;
  }
}
