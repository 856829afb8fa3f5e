package dev.warren.internal.consume;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Groups a batch consumer's deliveries into batches (SPEC section 7): a batch is handed on as soon
 * as it holds {@code size} items, or once {@code wait} has passed since its first item arrived,
 * whichever comes first. Items keep their arrival order, within and across batches.
 *
 * <p>Fed by the subscription's callback thread; a timer thread hands on partial batches. The sink
 * is called holding the collector's lock, so that batches reach it in order; it must not block (the
 * runner queues the batch for its workers) and must not call back. Lives as long as its consumer.
 *
 * @param <T> the items, deliveries in production
 */
final class BatchCollector<T> {

  private final int size;
  private final long waitNanos;
  private final ScheduledExecutorService timer;
  private final Consumer<List<T>> sink;
  private List<T> pending = new ArrayList<>();
  // which batch a timer belongs to: a timer that fires for a batch already handed on does nothing
  private long generation;
  private ScheduledFuture<?> deadline;

  /**
   * @param size the most items per batch, at least 1
   * @param wait how long a batch waits for more items after its first
   * @param timer runs the wait
   * @param sink receives each batch, never empty
   */
  BatchCollector(int size, Duration wait, ScheduledExecutorService timer, Consumer<List<T>> sink) {
    this.size = size;
    this.waitNanos = wait.toNanos();
    this.timer = timer;
    this.sink = sink;
  }

  /** Adds {@code item}; hands the batch on if this filled it. */
  synchronized void add(T item) {
    pending.add(item);
    if (pending.size() >= size) {
      sink.accept(take());
    } else if (pending.size() == 1) {
      long batch = generation;
      try {
        deadline = timer.schedule(() -> expire(batch), waitNanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        // the timer has stopped (shutdown): hand the item on at once instead
        sink.accept(take());
      }
    }
  }

  /** How many items wait in the current batch. */
  synchronized int pending() {
    return pending.size();
  }

  private synchronized void expire(long batch) {
    if (batch == generation && !pending.isEmpty()) {
      sink.accept(take());
    }
  }

  /** Takes the current batch and starts the next one; called holding the lock. */
  private List<T> take() {
    List<T> batch = pending;
    pending = new ArrayList<>();
    generation++;
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
    return batch;
  }
}
