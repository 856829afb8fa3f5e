package dev.warren.internal.runtime;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;

/**
 * Warren's timer: one thread that runs request timeouts, confirm sweeps, batch waits and in-process
 * delays. Its tasks never make a broker call nor wait on a lock held across one (a broker that does
 * not answer would stop them all): reopening a channel and resubscribing run on the broker-call
 * threads, settling on the internal pool; the timer only schedules them. A cancelled task leaves
 * its queue at once: most request timeouts are cancelled by their reply, and a timer that kept them
 * until their delay elapsed would keep every answered request's stage and reply in memory for the
 * whole timeout.
 */
final class Timers {

  private Timers() {}

  static ScheduledExecutorService single(ThreadFactory threads) {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, threads);
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }
}
