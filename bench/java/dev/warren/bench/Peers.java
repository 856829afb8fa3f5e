package dev.warren.bench;

import java.lang.reflect.InvocationTargetException;
import java.util.List;

/**
 * Finds the peer sides ({@link PeerSide}): {@code dev.warren.bench.PeerSides}, in {@code
 * bench/peers}, which only the {@code bench} Maven profile compiles. Without it (the benchmark's
 * classes built by the default build) there are none, and every scenario runs raw and Warren only.
 */
final class Peers {

  private static final String SIDES = "dev.warren.bench.PeerSides";

  private Peers() {}

  /**
   * The peer sides that {@code bench.peers} selects (a comma-separated list of names; empty or
   * absent: all of them, {@code none}: none) and that take part in {@code scenario}.
   */
  static List<PeerSide> in(BenchOptions options, PeerSide.Scenario scenario) {
    return all(options).stream().filter(side -> side.covers(scenario)).toList();
  }

  /** The labels of the selected peers whose library has no counterpart of {@code scenario}. */
  static List<String> lacking(BenchOptions options, PeerSide.Scenario scenario) {
    return all(options).stream().filter(side -> side.lacks(scenario)).map(PeerSide::label).toList();
  }

  /** Every selected peer side. */
  @SuppressWarnings("unchecked")
  static List<PeerSide> all(BenchOptions options) {
    try {
      return (List<PeerSide>)
          Class.forName(SIDES)
              .getDeclaredMethod("selected", BenchOptions.class, String.class)
              .invoke(null, options, System.getProperty("bench.peers", "").trim());
    } catch (ClassNotFoundException e) {
      return List.of();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("could not set up the peer sides", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not set up the peer sides", e);
    }
  }

  /** A side's label in progress lines and tables: the enum's or record's, or the peer's. */
  static String label(Object side, java.util.function.Function<Object, String> own) {
    return side instanceof PeerSide peer ? peer.label() : own.apply(side);
  }
}
