package dev.warren.internal.runtime;

import dev.warren.Outcome;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.logging.Messages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * One consumer's {@code handler-timeout}: a call that has not finished within it has its deliveries
 * settled as {@code retry()} (an attempt like any other, so caps apply), its worker interrupted and
 * its late result ignored. While such a call still runs, a redelivery of the same message (the same
 * body and message id, coming back as redelivered or as a retry copy) is not started on another
 * worker: it waits until the call ends, or is settled as a retry again after another
 * handler-timeout. Lives as long as its consumer; with no handler-timeout it does nothing.
 */
final class HandlerTimeouts {

  private static final Logger LOG = Logger.getLogger(HandlerTimeouts.class.getName());

  private final String consumer;
  private final String where;
  private final String key;
  private final Duration timeout;
  private final ScheduledExecutorService timer;
  private final SettlementExecutor settlement;
  private final InFlight inFlight;
  private final SettlementGuard guard;
  // calls that overran and have not ended yet; guarded by this
  private final List<Call> overrunning = new ArrayList<>();

  /**
   * @param timeout the handler-timeout, {@link Duration#ZERO} for none
   * @param key the config key that sets it, for messages
   */
  HandlerTimeouts(
      String consumer,
      String where,
      String key,
      Duration timeout,
      ScheduledExecutorService timer,
      SettlementExecutor settlement,
      InFlight inFlight,
      SettlementGuard guard) {
    this.guard = guard;
    this.consumer = consumer;
    this.where = where;
    this.key = key;
    this.timeout = timeout;
    this.timer = timer;
    this.settlement = settlement;
    this.inFlight = inFlight;
  }

  /**
   * The current worker starts calling the method for {@code deliveries}.
   *
   * @return the call, to be told when the worker leaves the method and when the result is in
   */
  Call start(List<IncomingDelivery> deliveries) {
    Call call = new Call(deliveries, Thread.currentThread());
    if (!timeout.isZero()) {
      try {
        call.deadline =
            timer.schedule(
                () -> guard.run(SettlementGuard.HANDLER_TIMEOUT, deliveries, () -> overran(call)),
                timeout.toNanos(),
                TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        // shutting down: no limit any more
      }
    }
    return call;
  }

  /**
   * Holds back {@code delivery} when it is a redelivery of a message whose overrunning call still
   * runs: {@code resume} dispatches it once that call ends.
   *
   * @return whether it was held back
   */
  boolean holdBack(IncomingDelivery delivery, Runnable resume) {
    if (timeout.isZero() || (!delivery.redelivered() && delivery.attempt() <= 1)) {
      return false;
    }
    Call earlier;
    synchronized (this) {
      earlier = overrunning.stream().filter(c -> c.carries(delivery)).findFirst().orElse(null);
      if (earlier == null) {
        return false;
      }
      earlier.waiting.add(resume);
    }
    LOG.warning(Messages.redeliveryHeldBack(consumer, where, delivery.deliveryTag()));
    try {
      timer.schedule(
          guard.task(
              SettlementGuard.HANDLER_TIMEOUT,
              delivery,
              () -> giveUpWaiting(earlier, delivery, resume)),
          timeout.toNanos(),
          TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes and hands it back
    }
    return true;
  }

  /** The overrunning call still runs a handler-timeout later: the redelivery is retried unrun. */
  private void giveUpWaiting(Call earlier, IncomingDelivery delivery, Runnable resume) {
    synchronized (this) {
      if (!earlier.waiting.remove(resume)) {
        return; // the earlier call ended and dispatched it
      }
    }
    if (!inFlight.start(List.of(delivery))) {
      return; // shutting down: the channel hands it back
    }
    delivery.overrun(); // taken from a handler that never ran: shutdown counts it as settling
    LOG.warning(Messages.redeliveryRetriedUnrun(consumer, where, delivery.deliveryTag(), timeout));
    settlement.settleLater(delivery, new Handled(Outcome.retry(), failure()));
  }

  private void overran(Call call) {
    List<IncomingDelivery> taken = new ArrayList<>(call.deliveries.size());
    synchronized (this) {
      for (IncomingDelivery delivery : call.deliveries) {
        if (delivery.overrun()) {
          taken.add(delivery);
        }
      }
      if (taken.isEmpty()) {
        return; // finished, or handed back at shutdown, in the meantime
      }
      overrunning.add(call);
    }
    LOG.warning(
        Messages.handlerOverran(
            consumer,
            where,
            taken.size() == 1
                ? "delivery " + taken.get(0).deliveryTag()
                : "a batch of " + taken.size() + " deliveries",
            timeout,
            key));
    for (IncomingDelivery delivery : taken) {
      settlement.settleLater(delivery, new Handled(Outcome.retry(), failure()));
    }
    call.interrupt();
  }

  private TimeoutException failure() {
    return new TimeoutException(
        "the handler ran longer than its handler-timeout (" + timeout + ")");
  }

  /**
   * The call's result is in.
   *
   * @param result what it came to, for the message when it is ignored (made only then)
   * @return whether the result decides: {@code false} when its deliveries were taken from it (at
   *     the handler-timeout, or at shutdown); a late result after a handler-timeout is logged, and
   *     what waited for the call goes on
   */
  boolean finish(Call call, Supplier<String> result) {
    if (timeout.isZero()) {
      return finishAll(call);
    }
    if (call.deadline != null) {
      call.deadline.cancel(false);
    }
    List<Runnable> resume;
    synchronized (this) { // against overran: a call's deliveries go one way, all together
      boolean all = finishAll(call);
      if (!overrunning.remove(call)) {
        return all;
      }
      resume = new ArrayList<>(call.waiting);
      call.waiting.clear();
    }
    LOG.info(Messages.lateResultIgnored(consumer, where, result.get()));
    resume.forEach(Runnable::run);
    return false;
  }

  private static boolean finishAll(Call call) {
    boolean all = true;
    for (IncomingDelivery delivery : call.deliveries) {
      all &= delivery.finish();
    }
    return all;
  }

  /** One call of the method: its deliveries, and its worker while the worker is inside it. */
  static final class Call {
    private final List<IncomingDelivery> deliveries;
    private final List<Runnable> waiting = new ArrayList<>();
    private Thread worker;
    private volatile ScheduledFuture<?> deadline;

    private Call(List<IncomingDelivery> deliveries, Thread worker) {
      this.deliveries = deliveries;
      this.worker = worker;
    }

    /**
     * The worker left the method. An interruption meant for this call must not reach what the
     * worker does next, so it is cleared here if it came.
     */
    void left() {
      synchronized (this) {
        worker = null;
      }
      if (deliveries.get(0).overran()) {
        Thread.interrupted();
      }
    }

    private synchronized void interrupt() {
      if (worker != null) {
        worker.interrupt();
      }
    }

    /** Whether {@code delivery} is the same message as one of this call's. */
    private boolean carries(IncomingDelivery delivery) {
      for (IncomingDelivery own : deliveries) {
        if (own.overran()
            && Arrays.equals(own.body(), delivery.body())
            && Objects.equals(
                own.rawProperties().getMessageId(), delivery.rawProperties().getMessageId())) {
          return true;
        }
      }
      return false;
    }
  }
}
