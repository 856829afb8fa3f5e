package dev.warren.internal.connection;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client's heartbeat executor shared by the connections of the per-consumer layout, so that n
 * connections do not make n heartbeat threads, and such that a connection that cannot write never
 * delays another's heartbeats. The client sends a heartbeat under its socket's write lock: a
 * connection blocked by a broker alarm whose send buffer is full holds that lock for as long as the
 * alarm lasts, and on one shared thread its heartbeat task would hold back every other connection's
 * until the broker closes them for missed heartbeats (their unacked deliveries returned).
 *
 * <p>Here one thread only keeps time and hands each tick to a pool that grows only while a sender
 * waits, and shrinks after a minute idle; a periodic task whose last run still waits skips its
 * ticks, so that a blocked connection holds at most one thread. Made and shut down by {@code
 * Connections}, with the application's connections.
 */
public final class Heartbeats extends AbstractExecutorService implements ScheduledExecutorService {

  private final ScheduledThreadPoolExecutor ticks;
  private final ThreadPoolExecutor senders;

  /**
   * @param ticking makes the one thread that keeps time
   * @param sending makes the threads that send heartbeats
   */
  public Heartbeats(ThreadFactory ticking, ThreadFactory sending) {
    this.ticks = new ScheduledThreadPoolExecutor(1, ticking);
    ticks.setRemoveOnCancelPolicy(true);
    this.senders =
        new ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), sending);
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    return ticks.scheduleAtFixedRate(handOff(command), initialDelay, period, unit);
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    return ticks.scheduleWithFixedDelay(handOff(command), initialDelay, delay, unit);
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return ticks.schedule(handOff(command), delay, unit);
  }

  /** Not used by the client; runs on the thread that keeps time. */
  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    return ticks.schedule(callable, delay, unit);
  }

  /** Each tick runs {@code command} on a sender, unless its previous run is still under way. */
  private Runnable handOff(Runnable command) {
    AtomicBoolean running = new AtomicBoolean();
    return () -> {
      if (!running.compareAndSet(false, true)) {
        return; // still waiting for its socket: skip, never pile up
      }
      try {
        senders.execute(
            () -> {
              try {
                command.run();
              } finally {
                running.set(false);
              }
            });
      } catch (RejectedExecutionException e) {
        running.set(false); // shutting down, or no thread to be had
      }
    };
  }

  @Override
  public void execute(Runnable command) {
    senders.execute(command);
  }

  @Override
  public void shutdown() {
    ticks.shutdown();
    senders.shutdown();
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Runnable> left = ticks.shutdownNow();
    left.addAll(senders.shutdownNow());
    return left;
  }

  @Override
  public boolean isShutdown() {
    return ticks.isShutdown() && senders.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return ticks.isTerminated() && senders.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    return ticks.awaitTermination(timeout, unit)
        && senders.awaitTermination(
            Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
  }
}
