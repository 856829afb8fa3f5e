package dev.warren.ee.bench;

import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** When each message's transaction committed and when the message arrived (same JVM, nanos). */
@ApplicationScoped
public class Arrivals {

  private static final Map<String, Long> COMMITTED = new ConcurrentHashMap<>();
  private static final Map<String, Long> ARRIVED = new ConcurrentHashMap<>();

  @RabbitConsumer(queue = BenchTransactions.QUEUE)
  public void arrive(String id) {
    ARRIVED.putIfAbsent(id, System.nanoTime());
  }

  static void committed(String id, long nanos) {
    COMMITTED.put(id, nanos);
  }

  static void clear() {
    COMMITTED.clear();
    ARRIVED.clear();
  }

  static int arrived() {
    return ARRIVED.size();
  }

  /** Commit to arrival of every message that has both, in microseconds, sorted. */
  static List<Long> delaysMicros() {
    List<Long> delays = new ArrayList<>();
    COMMITTED.forEach(
        (id, committed) -> {
          Long arrived = ARRIVED.get(id);
          if (arrived != null) {
            delays.add((arrived - committed) / 1_000);
          }
        });
    Collections.sort(delays);
    return delays;
  }
}
