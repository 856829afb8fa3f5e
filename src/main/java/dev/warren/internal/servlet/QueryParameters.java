package dev.warren.internal.servlet;

import dev.warren.DeadLetterQuery;
import dev.warren.QueueType;
import dev.warren.internal.config.Durations;
import dev.warren.internal.logging.DeadLetterHttpMessages;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the request parameters of the dead letter endpoint into a {@link DeadLetterQuery}: a pure
 * function of the parameter map, so that every refusal (an unknown or repeated parameter, a value
 * that does not parse) is a 400 with a WARREN-341 message naming the parameter and its form.
 */
final class QueryParameters {

  /** The most dead letters one browse over HTTP returns. */
  static final int MAX_PAGE = 1000;

  private static final Set<String> FILTERS =
      Set.of(
          "consumer",
          "queue",
          "queue-type",
          "reason",
          "exception",
          "header",
          "older-than",
          "newer-than",
          "message-id",
          "limit");
  private static final Set<String> CHANGES = Set.of("rate", "dry-run");

  private QueryParameters() {}

  /**
   * The query the parameters describe.
   *
   * @param operation {@code count}, {@code browse}, {@code replay} or {@code purge}
   * @param parameters the request's parameters, each with its values
   * @throws HttpProblem (400) naming the first parameter that is wrong
   */
  static DeadLetterQuery parse(String operation, Map<String, String[]> parameters) {
    boolean changes = operation.equals("replay") || operation.equals("purge");
    for (String name : new TreeSet<>(parameters.keySet())) {
      boolean known = FILTERS.contains(name) || CHANGES.contains(name);
      if (!known) {
        throw bad(
            name,
            String.join(",", parameters.get(name)),
            "not a parameter of the dead letter operations",
            "use "
                + (changes
                    ? "consumer or queue, the filters, rate and dry-run"
                    : "consumer or queue, and the filters")
                + " (see docs/dead-letters.md, Over HTTP)");
      }
      if (!changes && CHANGES.contains(name)) {
        throw bad(
            name,
            String.join(",", parameters.get(name)),
            "only replay and purge take it",
            "leave it out of " + operation);
      }
      if (!name.equals("message-id") && parameters.get(name).length > 1) {
        throw bad(
            name, String.join(",", parameters.get(name)), "given more than once", "give it once");
      }
    }
    DeadLetterQuery query = start(parameters);
    String type = one(parameters, "queue-type");
    if (type != null) {
      query = query.queueType(queueType(type));
    }
    String reason = one(parameters, "reason");
    if (reason != null) {
      query = query.reason(nonBlank("reason", reason, "a death reason, e.g. max-attempts"));
    }
    String exception = one(parameters, "exception");
    if (exception != null) {
      query =
          query.exception(
              nonBlank(
                  "exception", exception, "a class name, e.g. java.net.SocketTimeoutException"));
    }
    String header = one(parameters, "header");
    if (header != null) {
      int colon = header.indexOf(':');
      if (colon < 1) {
        throw bad("header", header, "not name:value", "give it as name:value, e.g. tenant:acme");
      }
      query = query.header(header.substring(0, colon), header.substring(colon + 1));
    }
    String older = one(parameters, "older-than");
    if (older != null) {
      query = query.olderThan(age("older-than", older));
    }
    String newer = one(parameters, "newer-than");
    if (newer != null) {
      query = query.newerThan(age("newer-than", newer));
    }
    String[] ids = parameters.get("message-id");
    if (ids != null) {
      Set<String> distinct = new TreeSet<>(List.of(ids));
      if (distinct.contains("")) {
        throw bad("message-id", "", "empty", "give a message id, once per message-id parameter");
      }
      query = query.messageIds(distinct.toArray(String[]::new));
    }
    String limit = one(parameters, "limit");
    if (limit != null) {
      query = query.limit(limit(limit, operation.equals("browse") ? MAX_PAGE : Integer.MAX_VALUE));
    }
    String rate = one(parameters, "rate");
    if (rate != null) {
      query = query.rate(rate(rate));
    }
    String dryRun = one(parameters, "dry-run");
    if (dryRun != null && flag(dryRun)) {
      query = query.dryRun();
    }
    return query;
  }

  private static DeadLetterQuery start(Map<String, String[]> parameters) {
    String consumer = one(parameters, "consumer");
    String queue = one(parameters, "queue");
    if ((consumer == null) == (queue == null)) {
      throw bad(
          "consumer/queue",
          consumer == null ? "" : consumer + "/" + queue,
          consumer == null ? "neither is given" : "both are given",
          "give one: consumer=<name> (its dead letter queue) or queue=<queue name>");
    }
    return consumer != null
        ? DeadLetterQuery.consumer(nonBlank("consumer", consumer, "a consumer's name"))
        : DeadLetterQuery.queue(nonBlank("queue", queue, "a queue's name"));
  }

  private static String one(Map<String, String[]> parameters, String name) {
    String[] values = parameters.get(name);
    return values == null || values.length == 0 ? null : values[0];
  }

  private static String nonBlank(String name, String value, String expected) {
    if (value.isBlank()) {
      throw bad(name, value, "empty", "give " + expected);
    }
    return value;
  }

  private static QueueType queueType(String text) {
    try {
      return QueueType.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw bad("queue-type", text, "not a queue type", "give classic or quorum");
    }
  }

  private static Duration age(String name, String text) {
    try {
      Duration age = Durations.parse(text.trim());
      if (!age.isZero()) {
        return age;
      }
    } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
      // below
    }
    throw bad(name, text, "not a duration above zero", "give ISO-8601 (PT30M, P7D) or 30m, 7d");
  }

  private static int limit(String text, int most) {
    try {
      int limit = Integer.parseInt(text.trim());
      if (limit >= 1 && limit <= most) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw bad("limit", text, "not a whole number from 1 to " + most, "give e.g. limit=100");
  }

  private static double rate(String text) {
    try {
      double rate = Double.parseDouble(text.trim());
      if (rate > 0 && Double.isFinite(rate)) {
        return rate;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw bad("rate", text, "not a number above 0", "give messages per second, e.g. rate=200");
  }

  private static boolean flag(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.isEmpty() || value.equals("true")) {
      return true;
    }
    if (value.equals("false")) {
      return false;
    }
    throw bad("dry-run", text, "not true or false", "give dry-run=true (or leave it out)");
  }

  private static HttpProblem bad(String name, String value, String problem, String fix) {
    return new HttpProblem(
        400, DeadLetterHttpMessages.badRequest("parameter '" + name + "'", value, problem, fix));
  }
}
