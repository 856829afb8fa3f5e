package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import dev.warren.it.support.TestConfig;
import jakarta.enterprise.inject.spi.Extension;
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
 * extension; and the heap each consumer holds. Then the same with {@value StartupCopies#CONSUMERS}
 * consumers: {@link StartupCopies} adds the bean class {@value StartupCopies#COPIES} more times,
 * each copy on queues of its own, to the containers with and without Warren alike. The target
 * (under +1 s) is on {@value StartupConsumers#COUNT} consumers; the {@value
 * StartupCopies#CONSUMERS} are reported, to show how boot, heap and threads grow.
 *
 * <p>Boot time is {@code Weld.initialize()}: with Warren it includes opening the connection,
 * declaring every queue (on one throwaway channel, replaced after a failed declare) and starting
 * every consumer (channel, {@code basic.qos}, {@code basic.consume}, a worker pool whose threads
 * start at the first delivery). The queues exist before the measured boots, as they do when an
 * application restarts (the broker then only confirms each declare). One untimed boot of each kind
 * comes first, so that class loading and JIT of the first boot in the JVM are not counted against
 * either side. After each boot with Warren, the raw client does the same broker work (connection,
 * declares, consumers; with a channel per declare, see {@link #rawBrokerWork}) on its own, which
 * splits Warren's added time into broker round trips and Warren's and Weld's own work.
 *
 * <p>Heap is the JVM's used heap after full collections, with the container running: (with Warren -
 * without) / consumers. It includes Warren's fixed costs (its connection, the client's buffers), so
 * it is an upper bound per consumer.
 */
final class StartupScenario {

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  /** The measured sizes: the one with the target, then the one reported. */
  private static final List<Size> SIZES = List.of(new Size(false), new Size(true));

  private final BenchBroker broker;
  private final BenchOptions options;

  StartupScenario(BenchBroker broker, BenchOptions options) {
    this.broker = broker;
    this.options = options;
  }

  void run(Results results) throws Exception {
    int declared = 0;
    TestConfig.set("warren.declare-topology", "true");
    try {
      for (Size size : SIZES) {
        for (; declared < size.consumers(); declared++) {
          broker.declare(StartupConsumers.PREFIX + declared);
        }
        measure(results, size);
      }
    } finally {
      TestConfig.clear();
      for (int i = 0; i < declared; i++) {
        broker.delete(StartupConsumers.PREFIX + i);
      }
    }
  }

  private void measure(Results results, Size size) throws Exception {
    boot(size, false);
    boot(size, true);
    rawBrokerWork(size.consumers());
    List<Boot> without = new ArrayList<>();
    List<Boot> with = new ArrayList<>();
    List<Double> raw = new ArrayList<>();
    for (int round = 1; round <= options.rounds(); round++) {
      boolean withoutFirst = round % 2 == 1;
      for (int side = 0; side < 2; side++) {
        boolean warrenTurn = (side == 0) != withoutFirst;
        Boot boot = boot(size, warrenTurn);
        (warrenTurn ? with : without).add(boot);
        if (warrenTurn) {
          raw.add(rawBrokerWork(size.consumers()));
        }
        BenchMain.progress(
            String.format(
                Locale.ROOT,
                "startup round %d, %,d consumers, %s: boot %.0f ms, heap %.1f MiB, %d threads,"
                    + " close %.0f ms",
                round,
                size.consumers(),
                warrenTurn ? "with Warren" : "without Warren",
                boot.bootMillis,
                boot.heapBytes / 1048576.0,
                boot.threads,
                boot.closeMillis));
      }
    }
    report(results, size, without, with, raw);
  }

  private static void report(
      Results results, Size size, List<Boot> without, List<Boot> with, List<Double> raw) {
    int count = size.consumers();
    double bootWithout = Results.median(without.stream().map(Boot::bootMillis).toList());
    double bootWith = Results.median(with.stream().map(Boot::bootMillis).toList());
    double added = bootWith - bootWithout;
    results.row(
        String.format(
            Locale.ROOT, "5. startup: Weld SE boot, %,d consumers, declare-topology", count),
        Results.millis(bootWithout)
            + " without Warren "
            + Results.spread(without.stream().map(Boot::bootMillis).toList(), Results::number),
        Results.millis(bootWith)
            + " "
            + Results.spread(with.stream().map(Boot::bootMillis).toList(), Results::number),
        "+" + Results.millis(added),
        size.targeted() ? "< +1,000 ms" : "(reported)",
        size.targeted() ? (added < 1000 ? "yes" : "NO") : "-");
    double rawWork = Results.median(raw);
    results.row(
        size.label() + ": of which broker round trips (raw client, same work)",
        "-",
        Results.millis(rawWork) + " " + Results.spread(raw, Results::number),
        String.format(Locale.ROOT, "%.0f%% of +%s", 100 * rawWork / added, Results.millis(added)),
        "(diagnostic)",
        "-");
    double heapWithout = Results.median(without.stream().map(Boot::heapBytes).toList());
    double heapWith = Results.median(with.stream().map(Boot::heapBytes).toList());
    results.row(
        size.label() + ": heap used after GC, per consumer",
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
        size.label() + ": live threads; container close",
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

  private Boot boot(Size size, boolean withWarren) throws Exception {
    return Repeat.ifDisrupted(
        String.format(
            Locale.ROOT,
            "startup, %,d consumers, %s Warren",
            size.consumers(),
            withWarren ? "with" : "without"),
        () -> bootUndisturbed(size, withWarren));
  }

  private Boot bootUndisturbed(Size size, boolean withWarren) throws Exception {
    List<Extension> extensions = size.extensions();
    long start = System.nanoTime();
    WeldContainer container =
        withWarren
            ? WeldBoot.withWarren(extensions, StartupConsumers.class)
            : WeldBoot.withoutWarren(extensions, StartupConsumers.class);
    double bootMillis = (System.nanoTime() - start) / 1e6;
    double heap;
    int threads;
    try {
      heap = usedHeapAfterGc();
      threads = ManagementFactory.getThreadMXBean().getThreadCount();
      if (withWarren) {
        checkConsuming(size.consumers());
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
   * queue (declare-topology), then give each consumer its own channel with {@code basic.qos} and
   * {@code basic.consume}. What a boot with Warren takes beyond this is Warren's and Weld's own
   * work. Each declare here has a throwaway channel of its own, where Warren declares them all on
   * one: two round trips per queue more than Warren's boot, so this is an upper bound of its broker
   * round trips (above 100 % of Warren's added time when Warren's own work is small).
   *
   * @return milliseconds
   */
  private double rawBrokerWork(int consumers) throws Exception {
    return Repeat.ifDisrupted(
        String.format(Locale.ROOT, "raw startup work, %,d consumers", consumers),
        () -> rawBrokerWorkUndisturbed(consumers));
  }

  private double rawBrokerWorkUndisturbed(int consumers) throws Exception {
    long start = System.nanoTime();
    try (Connection connection = broker.connect("warren-bench-raw-startup")) {
      for (int i = 0; i < consumers; i++) {
        try (Channel channel = connection.createChannel()) {
          channel.queueDeclare(StartupConsumers.PREFIX + i, true, false, false, Map.of());
        }
      }
      for (int i = 0; i < consumers; i++) {
        Channel channel = connection.createChannel();
        channel.basicQos(ConsumeScenario.PREFETCH);
        channel.basicConsume(StartupConsumers.PREFIX + i, false, new DefaultConsumer(channel));
      }
      double millis = (System.nanoTime() - start) / 1e6;
      checkConsuming(consumers);
      return millis;
    }
  }

  /**
   * Each of the first {@code queues} queues has exactly one consumer: Warren's (or the raw
   * client's); else the boot did not do what it should.
   */
  private void checkConsuming(int queues) throws Exception {
    for (int i = 0; i < queues; i++) {
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

  /**
   * What a measurement boots: {@link StartupConsumers} alone (the target is on it), or with {@link
   * StartupCopies} (only reported).
   */
  private record Size(boolean copies) {

    int consumers() {
      return copies ? StartupCopies.CONSUMERS : StartupConsumers.COUNT;
    }

    boolean targeted() {
      return !copies;
    }

    /** The rows' name: the targeted size's rows keep the scenario's plain name. */
    String label() {
      return copies ? String.format(Locale.ROOT, "5. startup, %,d", consumers()) : "5. startup";
    }

    /** New for each container. */
    List<Extension> extensions() {
      return copies ? List.of(new StartupCopies()) : List.of();
    }
  }
}
