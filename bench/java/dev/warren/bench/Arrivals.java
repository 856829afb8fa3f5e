package dev.warren.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a latency run's consumer reports each delivery: {@link #arrived} reads the send time the
 * publisher wrote into the body's first 8 bytes ({@link #stamp}) and records how long ago that was.
 * Publisher and consumer share this JVM, so both read the same {@link System#nanoTime()} clock.
 */
final class Arrivals {

  /**
   * The run in progress, for consumers that a container creates (Warren's bean, and a peer's) and
   * so cannot be handed one. Set before a side starts; read once per delivery.
   */
  static volatile Arrivals current = new Arrivals(1);

  private final Latencies latencies;
  private final AtomicInteger count = new AtomicInteger();

  Arrivals(int expected) {
    latencies = new Latencies(expected);
  }

  /** Writes {@code sendNanos} into the first 8 bytes of {@code body}. */
  static void stamp(byte[] body, long sendNanos) {
    for (int b = 0; b < 8; b++) {
      body[b] = (byte) (sendNanos >>> (8 * b));
    }
  }

  /** Called by a side's handler with each delivery's body, as the handler begins. */
  void arrived(byte[] body) {
    long now = System.nanoTime();
    long sent = 0;
    for (int b = 0; b < 8; b++) {
      sent |= (body[b] & 0xFFL) << (8 * b);
    }
    latencies.record(now - sent);
    count.incrementAndGet();
  }

  /** Deliveries so far. */
  int count() {
    return count.get();
  }

  /**
   * Waits until {@code expected} deliveries have arrived.
   *
   * @throws IllegalStateException if they have not after {@code timeoutSeconds}
   */
  void await(int expected, long timeoutSeconds, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (count.get() < expected) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            what + ": only " + count.get() + " of " + expected + " in " + timeoutSeconds + "s");
      }
      Thread.sleep(20);
    }
  }

  /** What the run measured; read once its consumer has stopped. */
  Latencies latencies() {
    return latencies;
  }
}
