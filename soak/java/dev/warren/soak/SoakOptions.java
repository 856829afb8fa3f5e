package dev.warren.soak;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The soak test's settings, from system properties (the {@code soak} Maven profile passes them on,
 * so {@code mvn ... -Dsoak.duration=10m} works).
 *
 * @param duration how long messages stream and faults are injected ({@code soak.duration})
 * @param rate messages per second per queue, at most ({@code soak.rate})
 * @param nodes the cluster's node numbers for {@code node.sh} ({@code soak.nodes}); node N listens
 *     on 127.0.0.1:(5680+N)
 * @param nodeScript the project's {@code it/brokers/node.sh} ({@code soak.node-script})
 * @param base the nodes' {@code BASE} folder ({@code soak.base})
 * @param faults the fault kinds to choose from ({@code soak.faults}, see {@link FaultDriver})
 * @param faultMin the shortest quiet time between two faults ({@code soak.fault-min})
 * @param faultMax the longest quiet time between two faults ({@code soak.fault-max})
 * @param downMax the longest a stopped or killed node stays down ({@code soak.down-max})
 * @param queues which queues stream: {@code quorum}, {@code classic} ({@code soak.queues})
 * @param seed the random seed; 0 picks one ({@code soak.seed})
 * @param settleTimeout after the run, how long failed publishes are retried ({@code
 *     soak.settle-timeout})
 * @param drainQuiet after the run, how long without a new delivery ends the drain ({@code
 *     soak.drain-quiet})
 * @param handlerDelay how long the consumer takes per message ({@code soak.handler-delay}, none by
 *     default; the {@code purge} check needs a backlog)
 */
record SoakOptions(
    Duration duration,
    int rate,
    List<Integer> nodes,
    String nodeScript,
    String base,
    List<String> faults,
    Duration faultMin,
    Duration faultMax,
    Duration downMax,
    List<String> queues,
    long seed,
    Duration settleTimeout,
    Duration drainQuiet,
    Duration handlerDelay) {

  static SoakOptions fromSystemProperties() {
    long seed = Long.parseLong(property("soak.seed", "0"));
    return new SoakOptions(
        duration("soak.duration", "8m"),
        Integer.parseInt(property("soak.rate", "200")),
        list("soak.nodes", "31,32,33").stream().map(Integer::valueOf).toList(),
        property("soak.node-script", "it/brokers/node.sh"),
        property("soak.base", "/tmp/warren-brokers-soak"),
        list("soak.faults", "restart,kill9,kill9-leader,close-connections"),
        duration("soak.fault-min", "10s"),
        duration("soak.fault-max", "30s"),
        duration("soak.down-max", "5s"),
        list("soak.queues", "quorum"),
        seed == 0 ? System.nanoTime() : seed,
        duration("soak.settle-timeout", "120s"),
        duration("soak.drain-quiet", "30s"),
        duration("soak.handler-delay", "0ms"));
  }

  /** The AMQP addresses of the nodes, {@code 127.0.0.1:5711,...}, for {@code warren.addresses}. */
  String addresses() {
    return String.join(",", nodes.stream().map(n -> "127.0.0.1:" + port(n)).toList());
  }

  static int port(int node) {
    return 5680 + node;
  }

  private static String property(String key, String fallback) {
    String value = System.getProperty(key, "").trim();
    return value.isEmpty() ? fallback : value;
  }

  private static List<String> list(String key, String fallback) {
    return Arrays.stream(property(key, fallback).split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .toList();
  }

  /** {@code 500ms}, {@code 30s}, {@code 8m}, {@code 1h}, or ISO-8601 ({@code PT30S}). */
  static Duration duration(String key, String fallback) {
    String value = property(key, fallback).toLowerCase(Locale.ROOT);
    try {
      if (value.startsWith("pt")) {
        return Duration.parse(value);
      }
      if (value.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
      }
      long amount = Long.parseLong(value.substring(0, value.length() - 1));
      return switch (value.charAt(value.length() - 1)) {
        case 's' -> Duration.ofSeconds(amount);
        case 'm' -> Duration.ofMinutes(amount);
        case 'h' -> Duration.ofHours(amount);
        default -> throw new IllegalArgumentException("no unit");
      };
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          key + "='" + value + "' is no duration (500ms, 30s, 8m, 1h or PT30S)", e);
    }
  }
}
