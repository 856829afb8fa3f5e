package dev.warren.cli;

import dev.warren.DeadLetterQuery;
import dev.warren.QueueType;
import dev.warren.internal.config.AmqpUri;
import dev.warren.internal.config.Durations;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.logging.CommandLineMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses the command line into a {@link Command}: a pure function of the arguments and the
 * environment variable {@code WARREN_URI}, which touches no broker. Every refusal is a {@link
 * UsageException} naming the option and the fix, and none repeats the URI's password.
 */
final class Arguments {

  /** The environment variable that holds the broker URI when {@code --uri} is not given. */
  static final String URI_VARIABLE = "WARREN_URI";

  private static final Set<String> VALUED =
      Set.of(
          "--uri",
          "--queue",
          "--queue-type",
          "--reason",
          "--exception",
          "--header",
          "--older-than",
          "--newer-than",
          "--message-id",
          "--limit",
          "--rate",
          "--retry-count-header");

  private static final Set<String> FLAGS = Set.of("--dry-run", "--json", "--progress", "--help");

  private static final Map<String, Set<Command.Operation>> ONLY_FOR =
      Map.of(
          "--rate", EnumSet.of(Command.Operation.REPLAY),
          "--retry-count-header", EnumSet.of(Command.Operation.REPLAY),
          "--dry-run", EnumSet.of(Command.Operation.REPLAY, Command.Operation.PURGE));

  private Arguments() {}

  /**
   * @param args the arguments after {@code java -jar warren-cli.jar}
   * @param uriVariable the value of {@value #URI_VARIABLE}, {@code null} when not set
   */
  static Command parse(List<String> args, String uriVariable) throws UsageException {
    Command.Operation operation = null;
    Map<String, String> single = new HashMap<>();
    List<String> messageIds = new ArrayList<>();
    Set<String> flags = new java.util.HashSet<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("-")) {
        if (operation != null) {
          throw new UsageException(
              CommandLineMessages.unknownArgument(
                  arg, "a second command after " + operation.word()));
        }
        operation = operation(arg);
        continue;
      }
      String name = arg;
      String value = null;
      int equals = arg.indexOf('=');
      if (arg.startsWith("--") && equals > 0) {
        name = arg.substring(0, equals);
        value = arg.substring(equals + 1);
      }
      if (FLAGS.contains(name)) {
        if (value != null) {
          throw new UsageException(
              CommandLineMessages.badValue(
                  name, "=" + value, "it takes no value", name + " alone"));
        }
        if (!flags.add(name)) {
          throw new UsageException(CommandLineMessages.twice(name));
        }
        continue;
      }
      if (!VALUED.contains(name)) {
        throw new UsageException(CommandLineMessages.unknownArgument(name, "not an option"));
      }
      if (value == null) {
        if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
          throw new UsageException(CommandLineMessages.noValue(name));
        }
        value = args.get(++i);
      }
      if (name.equals("--message-id")) {
        messageIds.add(value);
      } else if (single.put(name, value) != null) {
        throw new UsageException(CommandLineMessages.twice(name));
      }
    }
    if (flags.contains("--help")) {
      return Command.helpOnly();
    }
    if (operation == null) {
      throw new UsageException(CommandLineMessages.unknownArgument("", "no command"));
    }
    for (Map.Entry<String, Set<Command.Operation>> only : ONLY_FOR.entrySet()) {
      if ((single.containsKey(only.getKey()) || flags.contains(only.getKey()))
          && !only.getValue().contains(operation)) {
        throw new UsageException(
            CommandLineMessages.notForCommand(
                only.getKey(),
                operation.word(),
                only.getValue().stream().map(Command.Operation::word).toList().toString()));
      }
    }
    String queue = single.get("--queue");
    if (queue == null || queue.isBlank()) {
      throw new UsageException(
          CommandLineMessages.missingOption(
              operation.word(),
              "--queue",
              "the dead letter queue: without the application there are no consumer names",
              "--queue orders.dlq"));
    }
    String uriSource = single.containsKey("--uri") ? "--uri" : URI_VARIABLE;
    String uriText = single.containsKey("--uri") ? single.get("--uri") : uriVariable;
    if (uriText == null || uriText.isBlank()) {
      throw new UsageException(
          CommandLineMessages.missingOption(
              operation.word(),
              "--uri",
              "the broker; or set the environment variable " + URI_VARIABLE,
              "export "
                  + URI_VARIABLE
                  + "=amqp://user:password@host:5672/vhost, which keeps the password out of the"
                  + " process list"));
    }
    AmqpUri uri;
    try {
      uri = AmqpUri.parse(uriText);
    } catch (IllegalArgumentException e) {
      throw new UsageException(CommandLineMessages.badUri(uriSource, e.getMessage()));
    }
    DeadLetterQuery query = DeadLetterQuery.queue(queue);
    query = filters(query, single, messageIds);
    if (flags.contains("--dry-run")) {
      query = query.dryRun();
    }
    Boolean progress = flags.contains("--progress") ? Boolean.TRUE : null;
    String retryCountHeader =
        single.getOrDefault("--retry-count-header", WarrenConfig.DEFAULT_RETRY_COUNT_HEADER);
    if (retryCountHeader.isBlank()) {
      throw new UsageException(
          CommandLineMessages.badValue(
              "--retry-count-header",
              retryCountHeader,
              "blank",
              "the application's warren.retry-count-header, e.g. x-warren-retry-count"));
    }
    return new Command(
        operation,
        uri,
        uriSource,
        query,
        retryCountHeader,
        flags.contains("--json"),
        progress,
        false);
  }

  private static DeadLetterQuery filters(
      DeadLetterQuery query, Map<String, String> single, List<String> messageIds)
      throws UsageException {
    String type = single.get("--queue-type");
    if (type != null) {
      query = query.queueType(queueType(type));
    }
    if (single.containsKey("--reason")) {
      query = query.reason(single.get("--reason"));
    }
    if (single.containsKey("--exception")) {
      query = query.exception(single.get("--exception"));
    }
    String header = single.get("--header");
    if (header != null) {
      int equals = header.indexOf('=');
      if (equals <= 0) {
        throw new UsageException(
            CommandLineMessages.badValue(
                "--header",
                header,
                "no name=value",
                "--header name=value, e.g. --header tenant=acme"));
      }
      query = query.header(header.substring(0, equals), header.substring(equals + 1));
    }
    if (single.containsKey("--older-than")) {
      query = query.olderThan(age("--older-than", single.get("--older-than")));
    }
    if (single.containsKey("--newer-than")) {
      query = query.newerThan(age("--newer-than", single.get("--newer-than")));
    }
    if (!messageIds.isEmpty()) {
      query = query.messageIds(messageIds.toArray(String[]::new));
    }
    if (single.containsKey("--limit")) {
      query = query.limit((int) number("--limit", single.get("--limit"), true));
    }
    if (single.containsKey("--rate")) {
      query = query.rate(number("--rate", single.get("--rate"), false));
    }
    return query;
  }

  private static Command.Operation operation(String word) throws UsageException {
    for (Command.Operation operation : Command.Operation.values()) {
      if (operation.word().equals(word)) {
        return operation;
      }
    }
    throw new UsageException(CommandLineMessages.unknownArgument(word, "not a command"));
  }

  private static QueueType queueType(String text) throws UsageException {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "classic" -> QueueType.CLASSIC;
      case "quorum" -> QueueType.QUORUM;
      default ->
          throw new UsageException(
              CommandLineMessages.badValue(
                  "--queue-type", text, "not a queue type", "classic or quorum"));
    };
  }

  private static Duration age(String option, String text) throws UsageException {
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          CommandLineMessages.badValue(
              option, text, e.getMessage(), "a duration such as 10m, 2h, 7d or PT30M"));
    }
  }

  private static double number(String option, String text, boolean whole) throws UsageException {
    String expected = whole ? "a whole number of at least 1" : "a number above 0 (per second)";
    double value;
    try {
      value = whole ? Integer.parseInt(text.trim()) : Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(
          CommandLineMessages.badValue(option, text, "not a number", expected));
    }
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new UsageException(CommandLineMessages.badValue(option, text, "too small", expected));
    }
    return value;
  }
}
