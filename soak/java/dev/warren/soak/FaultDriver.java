package dev.warren.soak;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Injects one fault at a time into the cluster through the project's {@code it/brokers/node.sh},
 * after a random quiet time between {@code soak.fault-min} and {@code soak.fault-max}, until
 * stopped. Every fault ends with all nodes running again (a node that would not boot is booted
 * again before the next fault), so that at most one node is ever down and the quorum queue keeps
 * its majority. Kinds ({@code soak.faults}):
 *
 * <ul>
 *   <li>{@code restart}: a random node is stopped ({@code rabbitmqctl stop}), stays down up to
 *       {@code soak.down-max}, and boots again;
 *   <li>{@code kill9}: a random node's OS process is killed with SIGKILL, then booted again the
 *       same way;
 *   <li>{@code kill9-leader}: as {@code kill9}, the node that leads the quorum queue;
 *   <li>{@code close-connections}: {@code rabbitmqctl close_all_connections --global} on a random
 *       node of this cluster (every client connection of the cluster, Warren's two included);
 *   <li>{@code purge} (not a fault but a check of the check): purges the quorum queue, which throws
 *       confirmed messages away, so the run must then report them lost.
 * </ul>
 */
final class FaultDriver implements Runnable {

  /** One injected fault, as the report lists it. */
  record Fault(String kind, int node, Instant started, Duration took, String note) {}

  private final SoakOptions options;
  private final Random random;
  private final List<Fault> faults = new ArrayList<>();
  private volatile boolean running = true;
  private final Thread thread;

  FaultDriver(SoakOptions options) {
    this.options = options;
    this.random = new Random(options.seed());
    this.thread = new Thread(this, "soak-faults");
  }

  void start() {
    thread.start();
  }

  /** Stops after the fault under way, if any, and waits until every node runs again. */
  void stopAndJoin() throws InterruptedException {
    running = false;
    thread.join();
  }

  synchronized List<Fault> faults() {
    return List.copyOf(faults);
  }

  /** The last fault that started before {@code time}, if any. */
  synchronized Optional<Fault> before(Instant time) {
    Fault last = null;
    for (Fault fault : faults) {
      if (fault.started().isBefore(time)) {
        last = fault;
      }
    }
    return Optional.ofNullable(last);
  }

  /** How many faults of each kind were injected. */
  synchronized Map<String, Integer> counts() {
    Map<String, Integer> counts = new TreeMap<>();
    for (Fault fault : faults) {
      counts.merge(fault.kind(), 1, Integer::sum);
    }
    return counts;
  }

  @Override
  public void run() {
    while (running) {
      long quiet =
          options.faultMin().toMillis()
              + (long)
                  (random.nextDouble()
                      * (options.faultMax().toMillis() - options.faultMin().toMillis()));
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(quiet);
      while (running && System.nanoTime() - until < 0) {
        pause(100);
      }
      if (!running) {
        break;
      }
      String kind = options.faults().get(random.nextInt(options.faults().size()));
      inject(kind);
    }
    // whatever happened last, the drain needs every node
    for (int node : options.nodes()) {
      ensureRunning(node);
    }
  }

  private void inject(String kind) {
    Instant started = Instant.now();
    long t0 = System.nanoTime();
    int node = options.nodes().get(random.nextInt(options.nodes().size()));
    String note = "";
    try {
      switch (kind) {
        case "restart" -> {
          note = connectionsOn(node);
          log("fault " + kind + " r" + node + note);
          started = Instant.now();
          t0 = System.nanoTime();
          script("stop", String.valueOf(node));
          downFor();
          boot(node);
        }
        case "kill9", "kill9-leader" -> {
          if (kind.equals("kill9-leader")) {
            node = leader().orElse(node);
          }
          note = connectionsOn(node);
          log("fault " + kind + " r" + node + note);
          started = Instant.now();
          t0 = System.nanoTime();
          long pid = Long.parseLong(Files.readString(pidFile(node)).trim());
          script("kill9", String.valueOf(node));
          ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
          downFor();
          boot(node);
        }
        case "close-connections" -> {
          log("fault " + kind + " via r" + node + note);
          started = Instant.now();
          t0 = System.nanoTime();
          script("ctl", String.valueOf(node), "close_all_connections", "--global", "soak fault");
        }
        case "purge" -> {
          log("fault purge " + SoakConsumers.QUORUM_QUEUE + " via r" + node);
          started = Instant.now();
          t0 = System.nanoTime();
          script("ctl", String.valueOf(node), "purge_queue", SoakConsumers.QUORUM_QUEUE);
        }
        default -> throw new IllegalArgumentException("unknown fault kind '" + kind + "'");
      }
    } catch (IOException | RuntimeException e) {
      note = note + " FAILED: " + e.getMessage();
      log("fault " + kind + " r" + node + note);
      ensureRunning(node);
    }
    // started and took leave out the listing of the node's connections before the fault
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    synchronized (this) {
      faults.add(new Fault(kind, node, started, took, note));
    }
    log(String.format("fault %s r%d done in %.1f s", kind, node, took.toMillis() / 1000.0));
  }

  private void downFor() {
    pause((long) (random.nextDouble() * options.downMax().toMillis()));
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void boot(int node) throws IOException {
    // boot waits (up to 120 s) until the RabbitMQ application runs; a failed boot is tried again
    try {
      script("boot", String.valueOf(node));
    } catch (IOException | RuntimeException e) {
      log("boot r" + node + " failed (" + e.getMessage() + "), once more");
      script("boot", String.valueOf(node));
    }
  }

  private void ensureRunning(int node) {
    try {
      if (!running(node)) {
        log("r" + node + " is down: booting it");
        boot(node);
      }
    } catch (IOException | RuntimeException e) {
      log("could not boot r" + node + ": " + e.getMessage());
    }
  }

  private boolean running(int node) {
    try {
      long pid = Long.parseLong(Files.readString(pidFile(node)).trim());
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private Path pidFile(int node) {
    return Path.of(options.base(), "r" + node, "pid");
  }

  /** The node that leads the quorum queue, asked of a running node. */
  private Optional<Integer> leader() {
    for (int node : options.nodes()) {
      try {
        for (String line : script("ctl", String.valueOf(node), "list_queues", "name", "leader")) {
          String[] columns = line.trim().split("\\s+");
          if (columns.length == 2 && columns[0].equals(SoakConsumers.QUORUM_QUEUE)) {
            String name = columns[1];
            return Optional.of(Integer.parseInt(name.substring(1, name.indexOf('@'))));
          }
        }
      } catch (IOException | RuntimeException e) {
        // ask the next node
      }
    }
    return Optional.empty();
  }

  /** " (holding warren-soak-consumers, ...)" when Warren's connections are on the node. */
  private String connectionsOn(int node) {
    try {
      List<String> names = new ArrayList<>();
      // list_connections lists the whole cluster's: the server port says which node holds one
      // (3.10 has no user_provided_name column: the name is in the client properties)
      Matcher name = Pattern.compile("warren-soak-[a-z]+").matcher("");
      String port = String.valueOf(SoakOptions.port(node));
      for (String line :
          script("ctl", String.valueOf(node), "list_connections", "port", "client_properties")) {
        if (line.trim().startsWith(port) && name.reset(line).find()) {
          names.add(name.group());
        }
      }
      return names.isEmpty() ? "" : " (holding " + String.join(", ", names) + ")";
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  /** Runs {@code node.sh args} with the cluster's BASE; its output, line by line. */
  private List<String> script(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("bash", options.nodeScript()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("BASE", options.base());
    Process process = builder.start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = process.getInputStream()) {
      in.transferTo(out);
      if (!process.waitFor(180, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("node.sh " + String.join(" ", args) + " took over 180 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted during node.sh " + String.join(" ", args), e);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    if (process.isAlive() || process.exitValue() != 0) {
      throw new IOException(
          "node.sh "
              + String.join(" ", args)
              + " failed"
              + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")")
              + ": "
              + text.strip());
    }
    return text.lines().toList();
  }

  static void log(String line) {
    SoakMain.log(line);
  }
}
