package dev.warren.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Packages point one way: no two packages of Warren's ({@code dev.warren}, {@code dev.warren.spi}
 * and every internal one) depend on each other, directly or through others. The package graph is
 * the JDK's {@code jdeps} over the compiled classes; a cycle is a strongly connected set of more
 * than one package (Tarjan).
 */
class PackageCyclesTest {

  private static final String PREFIX = "dev.warren";
  private static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)");

  @Test
  void warrensPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = packageGraph();

    // a scan that sees nothing cannot pass
    assertThat(graph).containsKeys(PREFIX + ".internal.extension", PREFIX + ".internal.runtime");
    List<String> found = new ArrayList<>();
    for (Set<String> cycle : cycles(graph)) {
      StringBuilder edges = new StringBuilder("cycle of " + cycle.size() + ":");
      for (String from : cycle) {
        Set<String> inside = new TreeSet<>(graph.get(from));
        inside.retainAll(cycle);
        edges.append("\n  ").append(from).append(" -> ").append(String.join(", ", inside));
      }
      found.add(edges.toString());
    }
    assertThat(found).as("package cycles among %s.*", PREFIX).isEmpty();
  }

  @Test
  void findsACycle() {
    Map<String, Set<String>> graph = new HashMap<>();
    graph.put("a", Set.of("b"));
    graph.put("b", Set.of("c", "d"));
    graph.put("c", Set.of("a"));
    graph.put("d", Set.of("e"));
    graph.put("e", Set.of("d", "f"));
    graph.put("g", Set.of("a"));

    assertThat(cycles(graph)).containsExactly(Set.of("a", "b", "c"), Set.of("d", "e"));
  }

  @Test
  void findsNoCycleInALine() {
    assertThat(cycles(Map.of("a", Set.of("b", "c"), "b", Set.of("c"), "c", Set.of()))).isEmpty();
  }

  /** Which of Warren's packages each of Warren's packages uses (itself left out). */
  private static Map<String, Set<String>> packageGraph() {
    ToolProvider jdeps =
        ToolProvider.findFirst("jdeps")
            .orElseThrow(() -> new AssertionError("this JDK has no jdeps tool"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "-verbose:package",
            "-filter:none",
            "--multi-release",
            "17",
            "--ignore-missing-deps",
            ClassReferences.compiled("").toString());
    assertThat(status).as("jdeps exit status; stderr: %s", err).isZero();
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && warrens(m.group(1)) && warrens(m.group(2))) {
        Set<String> uses = graph.computeIfAbsent(m.group(1), p -> new TreeSet<>());
        if (!m.group(1).equals(m.group(2))) {
          uses.add(m.group(2));
        }
      }
    }
    return graph;
  }

  private static boolean warrens(String packageName) {
    return packageName.equals(PREFIX) || packageName.startsWith(PREFIX + ".");
  }

  /** Every strongly connected set of more than one node, sorted, in the order first met. */
  static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Tarjan tarjan = new Tarjan(graph);
    for (String node : new TreeSet<>(graph.keySet())) {
      if (!tarjan.index.containsKey(node)) {
        tarjan.connect(node);
      }
    }
    List<Set<String>> cycles = new ArrayList<>(tarjan.components);
    cycles.sort((x, y) -> x.iterator().next().compareTo(y.iterator().next()));
    return cycles;
  }

  private static final class Tarjan {
    final Map<String, Set<String>> graph;
    final Map<String, Integer> index = new HashMap<>();
    final Map<String, Integer> low = new HashMap<>();
    final Deque<String> stack = new ArrayDeque<>();
    final Set<String> onStack = new HashSet<>();
    final List<Set<String>> components = new ArrayList<>();

    Tarjan(Map<String, Set<String>> graph) {
      this.graph = graph;
    }

    void connect(String v) {
      index.put(v, index.size());
      low.put(v, index.get(v));
      stack.push(v);
      onStack.add(v);
      for (String w : new TreeSet<>(graph.getOrDefault(v, Set.of()))) {
        if (!index.containsKey(w)) {
          connect(w);
          low.put(v, Math.min(low.get(v), low.get(w)));
        } else if (onStack.contains(w)) {
          low.put(v, Math.min(low.get(v), index.get(w)));
        }
      }
      if (low.get(v).equals(index.get(v))) {
        Set<String> component = new TreeSet<>();
        String w;
        do {
          w = stack.pop();
          onStack.remove(w);
          component.add(w);
        } while (!w.equals(v));
        if (component.size() > 1) {
          components.add(component);
        }
      }
    }
  }
}
