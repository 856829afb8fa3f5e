package dev.warren.ee.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.EeDatabase;
import dev.warren.ee.support.Percentile;
import dev.warren.ee.support.Wars;
import dev.warren.ee.support.WildFlyProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The outbox's cost on WildFly 39 against PostgreSQL and the broker on {@code 127.0.0.1:5672} (or
 * {@code warren.it.broker.port}): rounds of N transactions, plain and outbox alternating, one after
 * the other on one thread. Prints each round and the medians (transactions per second, the outbox
 * over plain, the outbox's commit-to-delivery delay) and writes them to {@code
 * target/outbox-bench.txt}. {@code -Dbench.outbox.n} (2000) and {@code -Dbench.outbox.rounds} (5).
 * Run it on a quiet machine: {@code mvn -B -f ee/pom.xml verify -Poutbox-bench}.
 */
class OutboxCostBench {

  private static WildFlyProcess server;

  @BeforeAll
  static void start() throws Exception {
    EeDatabase.setUp(
        "drop table if exists " + BenchTransactions.TABLE,
        "create table " + BenchTransactions.TABLE + " (id varchar(64) primary key)");
    EeBroker.freshQueues(Map.of(), BenchTransactions.QUEUE);
    server =
        new WildFlyProcess(
            Path.of(System.getProperty("wildfly.home")),
            Path.of(System.getProperty("fault.base", "target/bench-wildfly")),
            Integer.getInteger("fault.port-offset", 400));
    server.prepare();
    server.deploy(
        Wars.war(
            "bench",
            Map.of(
                EeDatabase.NAME_KEY,
                "java:jboss/datasources/WarrenDS",
                "warren.datasource",
                "java:jboss/datasources/WarrenDS",
                "warren.outbox.table",
                "ee_bench_outbox"),
            BenchTransactions.class,
            Arrivals.class,
            BenchServlet.class,
            EeDatabase.class,
            Percentile.class));
    server.start(Duration.ofSeconds(120));
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void outboxAgainstPlainConfirmedPublishes() throws Exception {
    int n = Integer.getInteger("bench.outbox.n", 2000);
    int rounds = Integer.getInteger("bench.outbox.rounds", 5);
    HttpClient http = HttpClient.newHttpClient();
    // warm-up: one full round of each (the JIT, the pools, the relay's batches)
    run(http, "plain", n);
    run(http, "outbox", n);
    List<Double> plainRates = new ArrayList<>();
    List<Double> outboxRates = new ArrayList<>();
    List<Long> p50 = new ArrayList<>();
    List<Long> p99 = new ArrayList<>();
    List<Long> max = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    for (int round = 1; round <= rounds; round++) {
      for (String mode : List.of("plain", "outbox")) {
        String[] line = run(http, mode, n);
        assertEquals(
            Integer.toString(n), line[3], "every message arrived: " + String.join(" ", line));
        double rate = n / (Long.parseLong(line[2]) / 1e9);
        (mode.equals("plain") ? plainRates : outboxRates).add(rate);
        if (mode.equals("outbox")) {
          p50.add(Long.parseLong(line[4]));
          p99.add(Long.parseLong(line[5]));
          max.add(Long.parseLong(line[6]));
        }
        report.append(
            String.format(
                "round %d %-6s %8.0f tx/s%s%n",
                round,
                mode,
                rate,
                mode.equals("outbox")
                    ? "  commit to delivery p50 "
                        + line[4]
                        + " us, p99 "
                        + line[5]
                        + " us, max "
                        + line[6]
                        + " us"
                    : ""));
      }
    }
    double plain = median(plainRates);
    double outbox = median(outboxRates);
    report.append(
        String.format(
            "medians over %d rounds of %d: plain %.0f tx/s, outbox %.0f tx/s, outbox/plain %.3f;"
                + " commit to delivery p50 %d us, p99 %d us (median of the rounds), max %d us%n",
            rounds,
            n,
            plain,
            outbox,
            outbox / plain,
            medianLong(p50),
            medianLong(p99),
            Collections.max(max)));
    Files.writeString(Path.of("target/outbox-bench.txt"), report);
    System.out.print("outbox bench:\n" + report);
  }

  private String[] run(HttpClient http, String mode, int n) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://127.0.0.1:"
                            + server.httpPort()
                            + "/bench/outbox-bench?mode="
                            + mode
                            + "&n="
                            + n))
                .timeout(Duration.ofMinutes(5))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response.body());
    return response.body().trim().split(" ");
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }

  private static long medianLong(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
