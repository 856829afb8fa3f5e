package dev.warren.internal.config;

import dev.warren.internal.logging.StartupMessages;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Config keys under {@code warren.} that Warren does not read: a misspelt key, a per-consumer key
 * Warren does not know, or keys for a consumer name that does not exist. Each becomes one message
 * with a "did you mean" when a known key or name is close. Covered: top-level keys ({@code
 * warren.x}), and every key in Warren's namespaces ({@code consumers}, {@code publisher}, {@code
 * asyncapi}, {@code interceptor}, {@code telemetry}, {@code health}) or in one a letter or two away
 * from them; other dotted keys ({@code warren.it.broker.port}) belong to someone else. Pure; runs
 * in deployment validation.
 */
public final class UnknownKeys {

  private static final String PREFIX = "warren.";
  private static final Set<String> NAMESPACES =
      Set.of("consumers", "publisher", "asyncapi", "interceptor", "telemetry", "health", "broker");

  private UnknownKeys() {}

  /**
   * One message per unknown key, sorted by key.
   *
   * @param keys every property name of the application's config
   * @param consumers the names of the application's consumers
   * @param strict whether the messages will be deployment problems
   */
  public static List<String> find(
      Iterable<String> keys, Collection<String> consumers, boolean strict) {
    Set<String> sorted = new TreeSet<>();
    keys.forEach(sorted::add);
    List<String> messages = new ArrayList<>();
    for (String key : sorted) {
      String why = why(key, consumers);
      if (why != null) {
        messages.add(StartupMessages.unknownKey(key, why, strict));
      }
    }
    return messages;
  }

  /**
   * Why {@code key} is not Warren's, or {@code null} when it is (or is none of Warren's business).
   */
  static String why(String key, Collection<String> consumers) {
    if (!key.startsWith(PREFIX) || WarrenConfig.GLOBAL_KEYS.contains(key)) {
      return null;
    }
    String rest = key.substring(PREFIX.length());
    int dot = rest.indexOf('.');
    if (dot < 0) {
      return "is not one of Warren's keys" + suggest(key, WarrenConfig.GLOBAL_KEYS);
    }
    String namespace = rest.substring(0, dot);
    if (!NAMESPACES.contains(namespace)) {
      String near = closest(namespace, NAMESPACES);
      return near == null
          ? null
          : "is not one of Warren's keys; did you mean 'warren."
              + near
              + "."
              + rest.substring(dot + 1)
              + "'?";
    }
    if (!namespace.equals("consumers")) {
      return "is not one of Warren's keys" + suggest(key, WarrenConfig.GLOBAL_KEYS);
    }
    String inner = rest.substring(dot + 1);
    int last = inner.lastIndexOf('.');
    if (last <= 0) {
      return "names no consumer setting; write 'warren.consumers.<name>.<key>'";
    }
    String name = inner.substring(0, last);
    String setting = inner.substring(last + 1);
    List<String> known = new ArrayList<>(consumers);
    known.add(WarrenConfig.DEFAULTS);
    if (!known.contains(name)) {
      String near = closest(name, known);
      return "names consumer '"
          + name
          + "', but no @RabbitConsumer has that name"
          + (near == null ? "" : "; did you mean '" + near + "'?")
          + (consumers.isEmpty()
              ? ""
              : " (the consumers are " + String.join(", ", quoted(consumers)) + ")");
    }
    if (!WarrenConfig.CONSUMER_KEYS.contains(setting)) {
      String near = closest(setting, WarrenConfig.CONSUMER_KEYS);
      return "is not a consumer setting"
          + (near == null
              ? "; the settings are " + String.join(", ", WarrenConfig.CONSUMER_KEYS)
              : "; did you mean 'warren.consumers." + name + "." + near + "'?");
    }
    return null;
  }

  private static List<String> quoted(Collection<String> names) {
    return names.stream().sorted().map(n -> "'" + n + "'").toList();
  }

  private static String suggest(String key, Collection<String> known) {
    String near = closest(key, known);
    return near == null ? "" : "; did you mean '" + near + "'?";
  }

  /** The known word nearest to {@code word}, if at most a third of its letters away (and 2). */
  static String closest(String word, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int distance = distance(word, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    int allowed = Math.max(1, Math.min(3, word.length() / 3));
    return bestDistance <= allowed ? best : null;
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
