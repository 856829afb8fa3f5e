package dev.warren.ee.app;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the application's consumers saw, by scenario; read by the in-container tests. */
public final class Seen {

  private static final Map<String, List<String>> BY_SCENARIO = new ConcurrentHashMap<>();

  private Seen() {}

  /** Records {@code what} under {@code scenario}. */
  public static void add(String scenario, String what) {
    BY_SCENARIO.computeIfAbsent(scenario, s -> new CopyOnWriteArrayList<>()).add(what);
  }

  /** Everything recorded under {@code scenario}, in order. */
  public static List<String> of(String scenario) {
    return List.copyOf(BY_SCENARIO.getOrDefault(scenario, List.of()));
  }
}
