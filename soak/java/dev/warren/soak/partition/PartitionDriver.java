package dev.warren.soak.partition;

import dev.warren.Publisher;
import dev.warren.soak.SoakClients;
import jakarta.enterprise.inject.spi.Extension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * The driver of the fault run (see the package comment). Starts three {@link PartitionInstance}
 * JVMs one after the other, publishes {@code partition.messages} messages over {@code
 * partition.keys} keys with Warren's {@link Publisher} and confirms, key {@code key-k}'s messages
 * numbered 1, 2, 3, ...: a key's next number is published only once the previous one is confirmed,
 * and a failed publish is published again with the same number before the key moves on, so the
 * broker never holds a key's number behind a higher one (a failed publish that reached the queue
 * anyway comes twice, in order). Meanwhile it injects {@code partition.faults} spread evenly over
 * the expected run: {@code kill} kills the instance that handled the most in the last two seconds
 * with {@code kill -9} and starts it again after {@code partition.instance-down} seconds; {@code
 * node} stops broker node {@code partition.stop-node} and boots it again after {@code
 * partition.node-down} seconds. Then it waits until every confirmed message was handled (or nothing
 * came for {@code partition.drain-quiet} seconds), stops the instances and prints the analysis
 * ({@link Records}). Exits 1 when a confirmed message was lost or a key reordered, 2 when the run
 * could not be made, else 0.
 */
public final class PartitionDriver {

  private final int messages = Integer.getInteger("partition.messages", 100_000);
  private final int keys = Integer.getInteger("partition.keys", 1_000);
  private final int perKey = messages / keys;
  private final int rate = Integer.getInteger("partition.rate", 500);
  private final List<Integer> nodes =
      Arrays.stream(prop("partition.nodes", "51,52,53").split(","))
          .map(String::trim)
          .map(Integer::valueOf)
          .toList();
  private final String nodeScript = prop("partition.node-script", "it/brokers/node.sh");
  private final List<String> faultKinds =
      Arrays.asList(prop("partition.faults", "kill,node,kill,kill").split(","));
  private final int instanceDown = Integer.getInteger("partition.instance-down", 5);
  private final int nodeDown = Integer.getInteger("partition.node-down", 15);
  private final int stopNode = Integer.getInteger("partition.stop-node", nodes.get(0));
  private final int drainQuiet = Integer.getInteger("partition.drain-quiet", 60);
  private final Path dir = Path.of(prop("partition.dir", "target/partition-soak"));
  private final String jvmArgs = prop("partition.jvm-args", "-Xmx256m");

  private final Instance[] instances = new Instance[3];
  private final List<Records.Fault> faults = Collections.synchronizedList(new ArrayList<>());
  private final int[] next;
  private final int[] confirmed;
  private final AtomicLong confirmedTotal = new AtomicLong();
  private final AtomicLong publishes = new AtomicLong();
  private final Map<String, AtomicLong> failures = Collections.synchronizedMap(new TreeMap<>());
  private volatile boolean publishing = true;

  /** One application instance: its id, files and current JVM. */
  private final class Instance {
    final String id;
    final Path records;
    final Path ready;
    final Path log;
    final String addresses;
    Process process;

    Instance(int index) {
      id = "instance-" + (index + 1);
      records = dir.resolve(id + ".records");
      ready = dir.resolve(id + ".ready");
      log = dir.resolve(id + ".log");
      // each instance lists the nodes from a different one, so their connections spread
      List<String> list = new ArrayList<>();
      for (int i = 0; i < nodes.size(); i++) {
        list.add("127.0.0.1:" + port(nodes.get((index + i) % nodes.size())));
      }
      addresses = String.join(",", list);
    }

    void start() throws Exception {
      Files.deleteIfExists(ready);
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(Arrays.asList(jvmArgs.trim().split("\\s+")));
      command.add(
          "-Djava.util.logging.config.file="
              + System.getProperty("java.util.logging.config.file", ""));
      command.add("-Dwarren.instance-id=" + id);
      command.add("-Dwarren.addresses=" + addresses);
      command.add("-Dwarren.uri=amqp://guest:guest@127.0.0.1:" + port(nodes.get(0)) + "/");
      command.add("-Dwarren.connection-name=warren-partfault-" + id);
      command.add("-Dwarren.declare-topology=true");
      command.add("-Dpartition.records=" + records);
      command.add("-Dpartition.ready=" + ready);
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(PartitionInstance.class.getName());
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.exists(ready)) {
        if (!process.isAlive() || System.nanoTime() - deadline > 0) {
          throw new IllegalStateException(id + " did not start; see " + log);
        }
        Thread.sleep(100);
      }
      log(id + " ready (pid " + process.pid() + ", addresses " + addresses + ")");
    }

    void kill9() throws Exception {
      long pid = process.pid();
      faults.add(new Records.Fault("kill", id, micros()));
      new ProcessBuilder("kill", "-9", Long.toString(pid)).inheritIO().start().waitFor();
      process.waitFor();
      log("killed " + id + " (kill -9 " + pid + ")");
    }

    long size() {
      try {
        return Files.exists(records) ? Files.size(records) : 0;
      } catch (IOException e) {
        return 0;
      }
    }
  }

  private PartitionDriver() {
    next = new int[keys];
    confirmed = new int[keys];
    Arrays.fill(next, 1);
  }

  /** Runs the fault run; see the class comment. */
  public static void main(String[] args) {
    int status;
    try {
      PartitionDriver driver = new PartitionDriver();
      status = System.getProperty("partition.analyse") != null ? driver.analyse() : driver.run();
    } catch (Exception e) {
      log("FAILED: " + e);
      e.printStackTrace(System.out);
      status = 2;
    }
    System.exit(status);
  }

  /**
   * Analyses the record files of an earlier run ({@code -Dpartition.analyse=<its partition.dir>})
   * as if every key's numbers up to {@code partition.messages / partition.keys} were confirmed,
   * with no faults: to see the analysis count what an edited record file lacks or has out of order.
   */
  private int analyse() {
    Path from = Path.of(System.getProperty("partition.analyse"));
    List<Path> files = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      files.add(from.resolve("instance-" + i + ".records"));
    }
    Arrays.fill(confirmed, perKey);
    StringBuilder out = new StringBuilder();
    long bad = Records.read(files).report(out, confirmed, List.of());
    System.out.print(out);
    return bad == 0 ? 0 : 1;
  }

  private int run() throws Exception {
    if (messages % keys != 0) {
      throw new IllegalArgumentException("partition.messages must be a multiple of partition.keys");
    }
    Files.createDirectories(dir);
    for (int i = 0; i < instances.length; i++) {
      instances[i] = new Instance(i);
      Files.deleteIfExists(instances[i].records);
      Files.deleteIfExists(instances[i].log);
    }
    log(
        String.format(
            Locale.ROOT,
            "partition fault run: %,d messages over %,d keys (%d each) at %d msg/s, %d partitions,"
                + " 3 instances, nodes %s, faults %s (instance down %d s, node r%d down %d s), files in %s",
            messages,
            keys,
            perKey,
            rate,
            PartitionInstance.PARTITIONS,
            nodes,
            faultKinds,
            instanceDown,
            stopNode,
            nodeDown,
            dir.toAbsolutePath()));
    int status;
    try {
      for (Instance instance : instances) {
        instance.start();
      }
      status = drive();
    } finally {
      for (Instance instance : instances) {
        if (instance.process != null && instance.process.isAlive()) {
          instance.process.destroy();
          if (!instance.process.waitFor(40, TimeUnit.SECONDS)) {
            instance.process.destroyForcibly();
          }
        }
      }
    }
    return status;
  }

  private int drive() throws Exception {
    System.setProperty("warren.addresses", addresses());
    System.setProperty("warren.uri", "amqp://guest:guest@127.0.0.1:" + port(nodes.get(0)) + "/");
    System.setProperty("warren.connection-name", "warren-partfault-driver");
    Weld weld =
        new Weld("warren-partfault-driver").disableDiscovery().addBeanClasses(SoakClients.class);
    ServiceLoader.load(Extension.class).stream()
        .filter(provider -> provider.type().getPackageName().startsWith("dev.warren."))
        .map(ServiceLoader.Provider::get)
        .forEach(weld::addExtension);
    try (WeldContainer container = weld.initialize()) {
      Publisher publisher = container.select(SoakClients.class).get().publisher();
      Instant started = Instant.now();
      Thread faultThread = new Thread(this::injectFaults, "partfault-faults");
      faultThread.start();
      Thread progress =
          new Thread(
              () -> {
                while (publishing) {
                  sleep(10_000);
                  log(
                      String.format(
                          Locale.ROOT,
                          "published %d (%d publishes), confirmed %d, failed %s",
                          publishes.get() - failuresTotal(),
                          publishes.get(),
                          confirmedTotal.get(),
                          failures));
                }
              },
              "partfault-progress");
      progress.setDaemon(true);
      progress.start();
      publish(publisher);
      publishing = false;
      Instant published = Instant.now();
      log("all " + confirmedTotal.get() + " confirmed; waiting for the faults to end");
      faultThread.join();
      log(
          "draining (until every confirmed message was handled, or "
              + drainQuiet
              + " s without one)");
      Records records = drain();
      StringBuilder out = new StringBuilder();
      out.append(String.format(Locale.ROOT, "%n==== partition fault run result ====%n"));
      out.append(
          String.format(
              Locale.ROOT,
              "published %s to %s UTC (%.1f min); %d publishes, failed %s (each published again with the same number)%n",
              Records.clock(micros(started)),
              Records.clock(micros(published)),
              (published.toEpochMilli() - started.toEpochMilli()) / 60_000.0,
              publishes.get(),
              failures.isEmpty() ? "none" : failures));
      out.append("faults:");
      for (Records.Fault f : faults) {
        out.append(' ')
            .append(Records.clock(f.micros()))
            .append(' ')
            .append(f.kind())
            .append(' ')
            .append(f.target())
            .append(';');
      }
      out.append(String.format(Locale.ROOT, "%n"));
      long bad = records.report(out, confirmed, faults);
      out.append(
          String.format(
              Locale.ROOT,
              "%n%s%n",
              bad == 0
                  ? "RESULT: nothing lost, no key reordered"
                  : "RESULT: " + bad + " MESSAGES LOST OR REORDERED"));
      System.out.print(out);
      System.out.flush();
      return bad == 0 ? 0 : 1;
    }
  }

  /**
   * Publishes every key's numbers in order at the rate: a key is in {@code ready} only while it has
   * no publish in flight.
   */
  private void publish(Publisher publisher) throws InterruptedException {
    BlockingQueue<Integer> ready = new LinkedBlockingQueue<>();
    for (int k = 0; k < keys; k++) {
      ready.add(k);
    }
    long interval = TimeUnit.SECONDS.toNanos(1) / Math.max(1, rate);
    long due = System.nanoTime();
    while (confirmedTotal.get() < messages) {
      Integer polled = ready.poll(1, TimeUnit.SECONDS);
      if (polled == null) {
        continue;
      }
      int k = polled;
      long now = System.nanoTime();
      if (due - now > 0) {
        TimeUnit.NANOSECONDS.sleep(due - now);
      } else if (now - due > TimeUnit.SECONDS.toNanos(1)) {
        due = now; // held back: no burst to make up for it
      }
      due += interval;
      int n = next[k];
      String key = "key-" + k;
      publishes.incrementAndGet();
      try {
        publisher
            .publish(PartitionInstance.EXCHANGE, key, key + ":" + n)
            .whenComplete(
                (ok, failure) -> {
                  if (failure == null) {
                    confirmed[k] = n;
                    next[k] = n + 1;
                    confirmedTotal.incrementAndGet();
                    if (n < perKey) {
                      ready.add(k);
                    }
                  } else {
                    failed(failure);
                    ready.add(k);
                  }
                });
      } catch (RuntimeException e) {
        failed(e);
        ready.add(k);
      }
    }
  }

  private void failed(Throwable failure) {
    Throwable cause =
        failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null
            ? c.getCause()
            : failure;
    String reason =
        cause instanceof dev.warren.PublishException p
            ? p.reason().toString()
            : cause.getClass().getSimpleName();
    failures.computeIfAbsent(reason, r -> new AtomicLong()).incrementAndGet();
  }

  private long failuresTotal() {
    synchronized (failures) {
      return failures.values().stream().mapToLong(AtomicLong::get).sum();
    }
  }

  /** Injects the faults, evenly spread over the run the rate makes. */
  private void injectFaults() {
    long expected = TimeUnit.SECONDS.toNanos(messages) / Math.max(1, rate);
    long start = System.nanoTime();
    try {
      for (int i = 0; i < faultKinds.size(); i++) {
        long at = start + expected * (i + 1) / (faultKinds.size() + 1);
        while (System.nanoTime() - at < 0 && publishing) {
          Thread.sleep(100);
        }
        switch (faultKinds.get(i).trim()) {
          case "kill" -> {
            Instance victim = busiest();
            victim.kill9();
            Thread.sleep(TimeUnit.SECONDS.toMillis(instanceDown));
            victim.start();
          }
          case "node" -> {
            log("stopping node r" + stopNode);
            faults.add(new Records.Fault("stop-node", "r" + stopNode, micros()));
            node("stop", stopNode);
            log("node r" + stopNode + " stopped");
            Thread.sleep(TimeUnit.SECONDS.toMillis(nodeDown));
            node("boot", stopNode);
            log("node r" + stopNode + " booted");
          }
          default ->
              throw new IllegalArgumentException("partition.faults: unknown " + faultKinds.get(i));
        }
      }
    } catch (Exception e) {
      log("FAULT INJECTION FAILED: " + e);
      e.printStackTrace(System.out);
    }
  }

  /** The instance whose record file grew the most in the last two seconds: the one consuming. */
  private Instance busiest() throws InterruptedException {
    long[] before = new long[instances.length];
    for (int i = 0; i < instances.length; i++) {
      before[i] = instances[i].size();
    }
    Thread.sleep(2_000);
    Instance busiest = instances[0];
    long most = -1;
    for (int i = 0; i < instances.length; i++) {
      long grew = instances[i].size() - before[i];
      if (grew > most) {
        most = grew;
        busiest = instances[i];
      }
    }
    return busiest;
  }

  private void node(String action, int node) throws Exception {
    Process p =
        new ProcessBuilder("bash", nodeScript, action, Integer.toString(node))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("nodes.log").toFile()))
            .start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("node.sh " + action + " " + node + " failed; see nodes.log");
    }
  }

  private Records drain() throws InterruptedException {
    List<Path> files = Arrays.stream(instances).map(i -> i.records).toList();
    long lastSize = -1;
    long lastChange = System.nanoTime();
    while (true) {
      long size = Arrays.stream(instances).mapToLong(Instance::size).sum();
      if (size != lastSize) {
        lastSize = size;
        lastChange = System.nanoTime();
        Records records = Records.read(files);
        if (records.distinct() >= messages) {
          return records;
        }
      } else if (System.nanoTime() - lastChange > TimeUnit.SECONDS.toNanos(drainQuiet)) {
        return Records.read(files);
      }
      Thread.sleep(2_000);
    }
  }

  private String addresses() {
    return String.join(",", nodes.stream().map(n -> "127.0.0.1:" + port(n)).toList());
  }

  private static int port(int node) {
    return 5680 + node;
  }

  private static long micros() {
    return micros(Instant.now());
  }

  private static long micros(Instant time) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, time);
  }

  private static String prop(String name, String fallback) {
    String value = System.getProperty(name);
    return value == null || value.isBlank() ? fallback : value;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static synchronized void log(String line) {
    System.out.println(Records.clock(micros()) + " partfault " + line);
    System.out.flush();
  }
}
