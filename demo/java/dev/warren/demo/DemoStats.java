package dev.warren.demo;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the handler decided, counted across its worker threads. An order is <em>handled</em> once it
 * is acked or dropped; a retried order is counted as retried and handled later, when its redelivery
 * is acked. Lives as long as the CDI container; the demo reads a {@link #snapshot()} before
 * shutting the container down.
 */
@ApplicationScoped
public class DemoStats {

  private final AtomicInteger acked = new AtomicInteger();
  private final AtomicInteger retried = new AtomicInteger();
  private final AtomicInteger dropped = new AtomicInteger();

  void acked() {
    acked.incrementAndGet();
  }

  void retried() {
    retried.incrementAndGet();
  }

  void dropped() {
    dropped.incrementAndGet();
  }

  /** The counts right now. */
  public Snapshot snapshot() {
    return new Snapshot(acked.get(), retried.get(), dropped.get());
  }

  /**
   * The counts at one moment.
   *
   * @param acked orders acked (the message left the queue)
   * @param retried first deliveries sent back to the queue
   * @param dropped invalid orders rejected without requeue (dead-lettered)
   */
  public record Snapshot(int acked, int retried, int dropped) {

    /** Orders that are finished: acked or dropped. */
    public int handled() {
      return acked + dropped;
    }

    /** The progress line, e.g. {@code handled 150/300 (acked 145, retried 15, dropped 5)}. */
    public String progress(int total) {
      return "handled %d/%d (acked %d, retried %d, dropped %d)"
          .formatted(handled(), total, acked, retried, dropped);
    }
  }
}
