package dev.warren.demo;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the consumers decided, counted by name ({@code "orders acked"}) across their worker threads.
 * Lives as long as the CDI container.
 */
@ApplicationScoped
public class DemoStats {

  private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  void count(String what) {
    counts.computeIfAbsent(what, w -> new AtomicInteger()).incrementAndGet();
  }

  /** How often {@code what} happened so far. */
  public int get(String what) {
    AtomicInteger count = counts.get(what);
    return count == null ? 0 : count.get();
  }

  /** Every count right now, to read after the container has gone. */
  public Map<String, Integer> snapshot() {
    Map<String, Integer> copy = new java.util.HashMap<>();
    counts.forEach((what, count) -> copy.put(what, count.get()));
    return Map.copyOf(copy);
  }
}
