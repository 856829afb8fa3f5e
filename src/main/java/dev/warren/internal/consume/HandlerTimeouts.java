package dev.warren.internal.consume;

import dev.warren.Outcome;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.settlement.execution.InFlight;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementExecutor;
import dev.warren.internal.settlement.execution.SettlementGuard;
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
import java.util.function.Consumer;
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

  /** The current worker starts calling the method for {@code delivery}: {@link #start(List)}. */
  Call start(IncomingDelivery delivery) {
    return timeout.isZero() ? UNTIMED : start(List.of(delivery));
  }

  /**
   * The current worker starts calling the method for {@code deliveries}.
   *
   * @return the call, to be told when the worker leaves the method and when the result is in
   */
  Call start(List<IncomingDelivery> deliveries) {
    if (timeout.isZero()) {
      return UNTIMED;
    }
    Call call = new Call(deliveries, Thread.currentThread());
    try {
      call.deadline =
          timer.schedule(
              () -> guard.run(SettlementGuard.HANDLER_TIMEOUT, deliveries, () -> overran(call)),
              timeout.toNanos(),
              TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: no limit any more
    }
    return call;
  }

  /**
   * Holds back {@code delivery} when it is a redelivery of a message whose overrunning call still
   * runs: {@code dispatch} is given it once that call ends.
   *
   * @return whether it was held back
   */
  boolean holdBack(IncomingDelivery delivery, Consumer<IncomingDelivery> dispatch) {
    if (timeout.isZero() || (!delivery.redelivered() && delivery.attempt() <= 1)) {
      return false;
    }
    Runnable resume = () -> dispatch.accept(delivery);
    Call earlier;
    synchronized (this) {
      earlier = overrunning.stream().filter(c -> c.carries(delivery)).findFirst().orElse(null);
      if (earlier == null) {
        return false;
      }
      earlier.waiting().add(resume);
    }
    ConsumingMessages.redeliveryHeldBack(LOG, consumer, where, delivery.deliveryTag());
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
      if (earlier.waiting == null || !earlier.waiting.remove(resume)) {
        return; // the earlier call ended and dispatched it
      }
    }
    if (!inFlight.start(delivery)) {
      return; // shutting down: the channel hands it back
    }
    delivery.overrun(); // taken from a handler that never ran: shutdown counts it as settling
    ConsumingMessages.redeliveryRetriedUnrun(LOG, consumer, where, delivery.deliveryTag(), timeout);
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
    ConsumingMessages.handlerOverran(
        LOG,
        consumer,
        where,
        taken.size() == 1
            ? "delivery " + taken.get(0).deliveryTag()
            : "a batch of " + taken.size() + " deliveries",
        timeout,
        key);
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
   * The result of the call for {@code delivery} is in.
   *
   * @param thrown what the call threw or its stage failed with, or {@code null}
   * @param returned what it came to otherwise (a {@link Handled}, or a batch's list of them), for
   *     the message when it is ignored
   * @return whether the result decides: {@code false} when its deliveries were taken from it (at
   *     the handler-timeout, or at shutdown); a late result after a handler-timeout is logged, and
   *     what waited for the call goes on
   */
  boolean finish(Call call, IncomingDelivery delivery, Throwable thrown, Object returned) {
    return call == UNTIMED ? delivery.finish() : finishTimed(call, thrown, returned);
  }

  /**
   * The result of the call for {@code deliveries} (a batch) is in: as {@link #finish(Call,
   * IncomingDelivery, Throwable, Object)}.
   */
  boolean finish(Call call, List<IncomingDelivery> deliveries, Throwable thrown, Object returned) {
    return call == UNTIMED ? finishAll(deliveries) : finishTimed(call, thrown, returned);
  }

  private boolean finishTimed(Call call, Throwable thrown, Object returned) {
    if (call.deadline != null) {
      call.deadline.cancel(false);
    }
    List<Runnable> resume;
    synchronized (this) { // against overran: a call's deliveries go one way, all together
      boolean all = finishAll(call.deliveries);
      if (!overrunning.remove(call)) {
        return all;
      }
      resume = call.waiting == null ? List.of() : new ArrayList<>(call.waiting);
      call.waiting = null;
    }
    ConsumingMessages.lateResultIgnored(LOG, consumer, where, describe(thrown, returned));
    resume.forEach(Runnable::run);
    return false;
  }

  /** What a call came to, for the message when its result comes too late. */
  private static String describe(Throwable thrown, Object returned) {
    Throwable failure =
        thrown != null ? thrown : returned instanceof Handled h ? h.failure() : null;
    if (failure != null) {
      return "throwing " + failure;
    }
    return returned instanceof Handled h ? "returning " + h.outcome() : "returning its outcomes";
  }

  private static boolean finishAll(List<IncomingDelivery> deliveries) {
    boolean all = true;
    for (IncomingDelivery delivery : deliveries) {
      all &= delivery.finish();
    }
    return all;
  }

  /**
   * The call of every method when there is no handler-timeout: nothing watches it, so nothing is
   * made per call.
   */
  private static final Call UNTIMED = new Call(List.of(), null);

  /** One call of the method: its deliveries, and its worker while the worker is inside it. */
  static final class Call {
    private final List<IncomingDelivery> deliveries;
    // redeliveries held back until the call ends, made when the first one is; guarded by the
    // HandlerTimeouts
    private List<Runnable> waiting;
    private Thread worker;
    private volatile ScheduledFuture<?> deadline;

    private Call(List<IncomingDelivery> deliveries, Thread worker) {
      this.deliveries = deliveries;
      this.worker = worker;
    }

    private List<Runnable> waiting() {
      if (waiting == null) {
        waiting = new ArrayList<>();
      }
      return waiting;
    }

    /**
     * The worker left the method. An interruption meant for this call must not reach what the
     * worker does next, so it is cleared here if it came.
     */
    void left() {
      if (this == UNTIMED) {
        return; // nothing interrupts it
      }
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
