package dev.warren.ee.support;

import java.util.List;

/** The nearest-rank percentile of sorted figures (the fault run, the outbox benchmark). */
public final class Percentile {

  private Percentile() {}

  /** The {@code percent}-th percentile of {@code sorted} (100: the largest), -1 when empty. */
  public static long of(List<Long> sorted, int percent) {
    if (sorted.isEmpty()) {
      return -1;
    }
    int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }
}
