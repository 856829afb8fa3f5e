package dev.warren.bench;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The benchmark's settings, from system properties (the {@code bench} Maven profile passes them on
 * from its own properties, so {@code mvn ... -Dbench.messages=20000} works).
 *
 * @param uri the broker ({@code warren.uri}, as Warren reads it)
 * @param rounds how many raw/Warren pairs each scenario runs ({@code bench.rounds})
 * @param messages messages per consume and publish run ({@code bench.messages})
 * @param scenarios which scenarios run ({@code bench.scenarios}: {@code consume}, {@code publish},
 *     {@code publish-breakdown}, {@code publish-exchange}, {@code telemetry} or {@code
 *     publish-breakdown}, {@code retry}, {@code request-reply}, {@code startup}, {@code latency},
 *     {@code partitions})
 */
record BenchOptions(String uri, int rounds, int messages, Set<String> scenarios) {

  static final String DEFAULT_URI = "amqp://guest:guest@localhost:5672/";

  static BenchOptions fromSystemProperties() {
    return new BenchOptions(
        System.getProperty("warren.uri", DEFAULT_URI),
        intProperty("bench.rounds", 5),
        intProperty("bench.messages", 100_000),
        new LinkedHashSet<>(
            Arrays.asList(
                System.getProperty(
                        "bench.scenarios", "consume,publish,retry,request-reply,startup,latency")
                    .replace(" ", "")
                    .split(","))));
  }

  boolean runs(String scenario) {
    return scenarios.contains(scenario);
  }

  private static int intProperty(String key, int fallback) {
    String value = System.getProperty(key, "").trim();
    if (value.isEmpty()) {
      return fallback;
    }
    int parsed = Integer.parseInt(value.replace("_", ""));
    if (parsed < 1) {
      throw new IllegalArgumentException(key + " must be at least 1, not " + parsed);
    }
    return parsed;
  }
}
