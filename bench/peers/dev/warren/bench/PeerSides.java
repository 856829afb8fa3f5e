package dev.warren.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The peer sides ({@link PeerSide}) by name, which {@link Peers} asks for reflectively: this source
 * root ({@code bench/peers}) compiles with the {@code bench} Maven profile only.
 */
final class PeerSides {

  private static final Map<String, Function<String, PeerSide>> ALL = new LinkedHashMap<>();

  static {
    ALL.put("spring-dmlc", uri -> new SpringSide(uri, SpringSide.Kind.DIRECT));
    ALL.put("spring-smlc", uri -> new SpringSide(uri, SpringSide.Kind.SIMPLE));
    ALL.put("spring-template", uri -> new SpringSide(uri, SpringSide.Kind.TEMPLATE));
    ALL.put("smallrye", SmallRyeSide::new);
  }

  private PeerSides() {}

  /**
   * The sides {@code names} selects: a comma-separated list of the names above; empty: all of them;
   * {@code none}: none.
   */
  static List<PeerSide> selected(BenchOptions options, String names) {
    if (names.equals("none")) {
      return List.of();
    }
    List<String> wanted =
        names.isEmpty()
            ? List.copyOf(ALL.keySet())
            : Arrays.stream(names.split(",")).map(String::trim).toList();
    List<PeerSide> sides = new ArrayList<>();
    for (String name : wanted) {
      Function<String, PeerSide> side = ALL.get(name);
      if (side == null) {
        throw new IllegalArgumentException(
            "bench.peers: no peer side '" + name + "'; there are " + ALL.keySet());
      }
      sides.add(side.apply(options.uri()));
    }
    return sides;
  }
}
