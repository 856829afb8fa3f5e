package dev.warren.bench;

import com.rabbitmq.client.Connection;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the messages one run has finished (consumed and acked, or confirmed) and measures the run.
 * Raw and Warren code call the very same methods, so both pay the same for being counted.
 *
 * <p>The clock starts at {@link #start()}, or else at the first message; it stops when the expected
 * count is reached. At both moments it also reads the JVM's CPU time and the bytes its threads have
 * allocated, so that a run reports what each message cost the client, which the broker's and the
 * other tenants' load on a shared machine blur far less than the rate.
 */
final class Tally {

  /**
   * The run in progress, for the consumer beans: Warren creates those, so they cannot be handed
   * one. Set before a run starts and read once per message.
   */
  static volatile Tally current = new Tally(1);

  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();

  private final int expected;
  private final AtomicInteger count = new AtomicInteger();
  private final AtomicInteger failures = new AtomicInteger();
  private final CountDownLatch done = new CountDownLatch(1);
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch opened = new CountDownLatch(1);
  private volatile Mark start;
  private volatile Mark end;
  private volatile boolean startedByFirstMessage;
  private volatile String disruption;

  Tally(int expected) {
    this.expected = expected;
  }

  /**
   * Waits until the JIT compiler has been idle for a quarter of a second (at most 10 s), so that
   * compiling what a container boot just ran does not land in the measured interval.
   */
  static void awaitQuietCompiler() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    long last = COMPILER.getTotalCompilationTime();
    int quiet = 0;
    while (quiet < 5 && System.nanoTime() - deadline < 0) {
      Thread.sleep(50);
      long now = COMPILER.getTotalCompilationTime();
      quiet = now == last ? quiet + 1 : 0;
      last = now;
    }
  }

  /** How many messages the run expects. */
  int expected() {
    return expected;
  }

  /**
   * Called by a consumer, raw or Warren, as each delivery begins: the first one waits there until
   * {@link #openWhenReady} lets it through; after that it costs a volatile read.
   */
  void pass() {
    if (opened.getCount() > 0) {
      arrived.countDown();
      try {
        opened.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Waits until the consumer's first delivery is waiting in {@link #pass()} and the JIT compiler is
   * idle, then starts the clock and lets the consumer go. So a consumer run is timed from the same
   * point on both sides, and neither the container's boot nor compiling what it ran is in it; the
   * prefetched deliveries are in the client's buffer on both sides by then.
   */
  void openWhenReady(long timeoutSeconds, String what) throws InterruptedException {
    if (!arrived.await(timeoutSeconds, TimeUnit.SECONDS)) {
      throw new IllegalStateException(what + ": no delivery arrived in " + timeoutSeconds + "s");
    }
    awaitQuietCompiler();
    start();
    opened.countDown();
  }

  /** Starts the clock now (otherwise the first message starts it). */
  void start() {
    start = Mark.now();
  }

  /** One more message finished. */
  void finished() {
    finished(1);
  }

  /** {@code n} more messages finished (a confirm with {@code multiple=true}). */
  void finished(int n) {
    int before = count.getAndAdd(n);
    if (before == 0 && start == null) {
      start = Mark.now();
      startedByFirstMessage = true;
    }
    if (before < expected && before + n >= expected) {
      end = Mark.now();
      done.countDown();
    }
  }

  /** A message that did not finish as it should (nacked, returned, failed). */
  void failed() {
    failures.incrementAndGet();
    finished(1);
  }

  /**
   * Ends the run early: something outside it, such as another test on the shared broker closing
   * every connection, broke it. {@link #await} then throws {@link Disrupted}.
   */
  void disrupted(String why) {
    disruption = why;
    done.countDown();
  }

  /**
   * Marks the run disrupted when {@code connection} is closed by anything but the application, e.g.
   * {@code rabbitmqctl close_all_connections}; automatic recovery would bring it back, but the run
   * has lost deliveries or confirms on the way and measures nothing sensible any more.
   */
  void watch(Connection connection) {
    connection.addShutdownListener(
        cause -> {
          if (!cause.isInitiatedByApplication()) {
            disrupted("connection '" + connection.getClientProvidedName() + "' lost: " + cause);
          }
        });
  }

  /**
   * Waits for the expected count.
   *
   * @return the run's rate and costs between the start and the last message
   * @throws IllegalStateException if the count is not reached in time or a message failed
   * @throws Disrupted if the run was {@linkplain #disrupted disrupted}
   */
  Run await(long timeoutSeconds, String what) throws InterruptedException {
    boolean finished = done.await(timeoutSeconds, TimeUnit.SECONDS);
    if (disruption != null) {
      throw new Disrupted(what + ": " + disruption);
    }
    if (!finished) {
      throw new IllegalStateException(
          what + ": only " + count.get() + " of " + expected + " in " + timeoutSeconds + "s");
    }
    if (failures.get() > 0) {
      throw new IllegalStateException(what + ": " + failures.get() + " messages failed");
    }
    // timed from the first message, that one took no time of the measured interval
    int measured = startedByFirstMessage ? expected - 1 : expected;
    return new Run(
        measured / ((end.nanos - start.nanos) / 1e9),
        (end.cpuNanos - start.cpuNanos) / 1e3 / measured,
        (double) end.allocatedSince(start) / measured,
        end.jitMillis - start.jitMillis,
        start.wallClock,
        end.wallClock);
  }

  /**
   * What one run measured.
   *
   * @param rate messages per second
   * @param cpuMicros CPU time of the whole JVM (every thread, GC and JIT included) per message
   * @param allocatedBytes bytes allocated per message by the threads alive at the end (a thread
   *     that ended meanwhile is not counted)
   * @param jitMillis how long the JIT compiler worked during the run (its CPU is in {@code
   *     cpuMicros}): a run that compiles much more than the other side's shows it here
   * @param from when the measured interval began (to find it in a flight recording)
   * @param to when it ended
   */
  record Run(
      double rate,
      double cpuMicros,
      double allocatedBytes,
      long jitMillis,
      Instant from,
      Instant to) {}

  /** A run broken by something outside it; the scenario runs it again. */
  static final class Disrupted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Disrupted(String message) {
      super(message);
    }
  }

  /**
   * A moment of the run: the clock, the JVM's CPU time, each live thread's allocated bytes, the
   * JIT's compiling time so far.
   */
  private record Mark(
      long nanos, long cpuNanos, Map<Long, Long> allocated, Instant wallClock, long jitMillis) {
    static Mark now() {
      long[] ids = THREADS.getAllThreadIds();
      long[] bytes = THREADS.getThreadAllocatedBytes(ids);
      Map<Long, Long> allocated = new HashMap<>();
      for (int i = 0; i < ids.length; i++) {
        if (bytes[i] >= 0) {
          allocated.put(ids[i], bytes[i]);
        }
      }
      return new Mark(
          System.nanoTime(),
          OS.getProcessCpuTime(),
          allocated,
          Instant.now(),
          COMPILER.getTotalCompilationTime());
    }

    long allocatedSince(Mark earlier) {
      long total = 0;
      for (Map.Entry<Long, Long> thread : allocated.entrySet()) {
        total += thread.getValue() - earlier.allocated.getOrDefault(thread.getKey(), 0L);
      }
      return total;
    }
  }
}
