package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import dev.warren.it.support.TestConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 5: Weld SE boot with {@value StartupConsumers#COUNT} consumers ({@code
 * warren.declare-topology=true}) against the same boot, same bean class, without Warren's
 * extension; and the heap each consumer holds.
 *
 * <p>Boot time is {@code Weld.initialize()}: with Warren it includes opening the connection,
 * declaring every queue (each on a throwaway channel) and starting every consumer (channel, {@code
 * basic.qos}, {@code basic.consume}, worker thread). The queues exist before the measured boots, as
 * they do when an application restarts (the broker then only confirms each declare). One untimed
 * boot of each kind comes first, so that class loading and JIT of the first boot in the JVM are not
 * counted against either side. After each boot with Warren, the raw client does the same broker
 * work (connection, declares, consumers) on its own, which splits Warren's added time into broker
 * round trips and Warren's and Weld's own work.
 *
 * <p>Heap is the JVM's used heap after full collections, with the container running: (with Warren -
 * without) / {@value StartupConsumers#COUNT}. It includes Warren's fixed costs (its connection, the
 * client's buffers), so it is an upper bound per consumer.
 */
final class StartupScenario {

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private final BenchBroker broker;
  private final BenchOptions options;

  StartupScenario(BenchBroker broker, BenchOptions options) {
    this.broker = broker;
    this.options = options;
  }

  void run(Results results) throws Exception {
    int count = StartupConsumers.COUNT;
    for (int i = 0; i < count; i++) {
      broker.declare(StartupConsumers.PREFIX + i);
    }
    TestConfig.set("warren.declare-topology", "true");
    try {
      boot(false);
      boot(true);
      rawBrokerWork();
      List<Boot> without = new ArrayList<>();
      List<Boot> with = new ArrayList<>();
      List<Double> raw = new ArrayList<>();
      for (int round = 1; round <= options.rounds(); round++) {
        boolean withoutFirst = round % 2 == 1;
        for (int side = 0; side < 2; side++) {
          boolean warrenTurn = (side == 0) != withoutFirst;
          Boot boot = boot(warrenTurn);
          (warrenTurn ? with : without).add(boot);
          if (warrenTurn) {
            raw.add(rawBrokerWork());
          }
          BenchMain.progress(
              String.format(
                  Locale.ROOT,
                  "startup round %d %s: boot %.0f ms, heap %.1f MiB, %d threads, close %.0f ms",
                  round,
                  warrenTurn ? "with Warren" : "without Warren",
                  boot.bootMillis,
                  boot.heapBytes / 1048576.0,
                  boot.threads,
                  boot.closeMillis));
        }
      }
      report(results, without, with, raw, count);
    } finally {
      TestConfig.clear();
      for (int i = 0; i < count; i++) {
        broker.delete(StartupConsumers.PREFIX + i);
      }
    }
  }

  private static void report(
      Results results, List<Boot> without, List<Boot> with, List<Double> raw, int count) {
    double bootWithout = Results.median(without.stream().map(Boot::bootMillis).toList());
    double bootWith = Results.median(with.stream().map(Boot::bootMillis).toList());
    double added = bootWith - bootWithout;
    results.row(
        String.format(
            Locale.ROOT, "5. startup: Weld SE boot, %d consumers, declare-topology", count),
        Results.millis(bootWithout)
            + " without Warren "
            + Results.spread(without.stream().map(Boot::bootMillis).toList(), Results::number),
        Results.millis(bootWith)
            + " "
            + Results.spread(with.stream().map(Boot::bootMillis).toList(), Results::number),
        "+" + Results.millis(added),
        "< +1,000 ms",
        added < 1000 ? "yes" : "NO");
    double rawWork = Results.median(raw);
    results.row(
        "5. startup: of which broker round trips (raw client, same work)",
        "-",
        Results.millis(rawWork) + " " + Results.spread(raw, Results::number),
        String.format(Locale.ROOT, "%.0f%% of +%s", 100 * rawWork / added, Results.millis(added)),
        "(diagnostic)",
        "-");
    double heapWithout = Results.median(without.stream().map(Boot::heapBytes).toList());
    double heapWith = Results.median(with.stream().map(Boot::heapBytes).toList());
    results.row(
        "5. startup: heap used after GC, per consumer",
        String.format(Locale.ROOT, "%.1f MiB without Warren", heapWithout / 1048576.0),
        String.format(Locale.ROOT, "%.1f MiB", heapWith / 1048576.0),
        String.format(
            Locale.ROOT, "%.1f KiB per consumer", (heapWith - heapWithout) / count / 1024),
        "-",
        "-");
    double threadsWithout = Results.median(without.stream().map(b -> (double) b.threads).toList());
    double threadsWith = Results.median(with.stream().map(b -> (double) b.threads).toList());
    double closeWithout = Results.median(without.stream().map(Boot::closeMillis).toList());
    double closeWith = Results.median(with.stream().map(Boot::closeMillis).toList());
    results.row(
        "5. startup: live threads; container close",
        String.format(
            Locale.ROOT, "%.0f; %s without Warren", threadsWithout, Results.millis(closeWithout)),
        String.format(Locale.ROOT, "%.0f; %s", threadsWith, Results.millis(closeWith)),
        String.format(
            Locale.ROOT,
            "+%.0f threads; +%s",
            threadsWith - threadsWithout,
            Results.millis(closeWith - closeWithout)),
        "-",
        "-");
  }

  private Boot boot(boolean withWarren) throws Exception {
    return Repeat.ifDisrupted(
        "startup " + (withWarren ? "with" : "without") + " Warren",
        () -> bootUndisturbed(withWarren));
  }

  private Boot bootUndisturbed(boolean withWarren) throws Exception {
    long start = System.nanoTime();
    WeldContainer container =
        withWarren
            ? WeldBoot.withWarren(StartupConsumers.class)
            : WeldBoot.withoutWarren(StartupConsumers.class);
    double bootMillis = (System.nanoTime() - start) / 1e6;
    double heap;
    int threads;
    try {
      heap = usedHeapAfterGc();
      threads = ManagementFactory.getThreadMXBean().getThreadCount();
      if (withWarren) {
        checkConsuming();
      }
    } finally {
      start = System.nanoTime();
      container.close();
    }
    double closeMillis = (System.nanoTime() - start) / 1e6;
    return new Boot(bootMillis, heap, threads, closeMillis);
  }

  /**
   * The broker work Warren's boot does, done by the raw client: open a connection, declare each
   * queue on a throwaway channel (declare-topology), then give each consumer its own channel with
   * {@code basic.qos} and {@code basic.consume}. What a boot with Warren takes beyond this is
   * Warren's and Weld's own work.
   *
   * @return milliseconds
   */
  private double rawBrokerWork() throws Exception {
    return Repeat.ifDisrupted("raw startup work", this::rawBrokerWorkUndisturbed);
  }

  private double rawBrokerWorkUndisturbed() throws Exception {
    long start = System.nanoTime();
    try (Connection connection = broker.connect("warren-bench-raw-startup")) {
      for (int i = 0; i < StartupConsumers.COUNT; i++) {
        try (Channel channel = connection.createChannel()) {
          channel.queueDeclare(StartupConsumers.PREFIX + i, true, false, false, Map.of());
        }
      }
      for (int i = 0; i < StartupConsumers.COUNT; i++) {
        Channel channel = connection.createChannel();
        channel.basicQos(ConsumeScenario.PREFETCH);
        channel.basicConsume(StartupConsumers.PREFIX + i, false, new DefaultConsumer(channel));
      }
      double millis = (System.nanoTime() - start) / 1e6;
      checkConsuming();
      return millis;
    }
  }

  /** Every queue has exactly one consumer: Warren's; else the boot did not do what it should. */
  private void checkConsuming() throws Exception {
    for (int i = 0; i < StartupConsumers.COUNT; i++) {
      String queue = StartupConsumers.PREFIX + i;
      int consumers = broker.consumerCount(queue);
      if (consumers != 1) {
        throw new IllegalStateException("queue '" + queue + "' has " + consumers + " consumers");
      }
    }
  }

  private static double usedHeapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(50);
    }
    return MEMORY.getHeapMemoryUsage().getUsed();
  }

  private record Boot(double bootMillis, double heapBytes, int threads, double closeMillis) {}
}
