package dev.warren.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The order every scenario runs its sides in: one untimed run of each side first (the first runs in
 * the JVM pay for class loading and JIT compilation), then {@code bench.rounds} rounds of one
 * measured run per side, rotating which side goes first so that a drift in the machine's load hits
 * every side alike. With two sides that is raw first in odd rounds and Warren first in even ones.
 */
final class Rounds {

  /** One run of a side with a number of messages (or round trips). */
  @FunctionalInterface
  interface Once<S> {
    Tally.Run run(S side, int messages) throws Exception;
  }

  private Rounds() {}

  /**
   * Runs the rounds and prints a progress line per measured run.
   *
   * @param what the scenario, for the progress lines
   * @param warmUp messages of each side's untimed run
   * @return each side's measured runs, in round order
   */
  static <S> Map<S, List<Tally.Run>> rotate(
      String what,
      List<S> sides,
      Function<S, String> label,
      BenchOptions options,
      int warmUp,
      int messages,
      Once<S> once)
      throws Exception {
    for (S side : sides) {
      once.run(side, warmUp);
    }
    Map<S, List<Tally.Run>> runs = new LinkedHashMap<>();
    for (int round = 1; round <= options.rounds(); round++) {
      for (int turn = 0; turn < sides.size(); turn++) {
        S side = sides.get((round - 1 + turn) % sides.size());
        Tally.Run run = once.run(side, messages);
        runs.computeIfAbsent(side, s -> new ArrayList<>()).add(run);
        BenchMain.progress(
            String.format(
                Locale.ROOT,
                "%s round %d %s: %s",
                what,
                round,
                label.apply(side),
                Results.describe(run)));
      }
    }
    return runs;
  }
}
