package dev.warren.internal.publish;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The messages of one {@link ConfirmTracker} that found the window full (or others waiting before
 * them), in publish order. They are sent on {@code internal} ({@code warren-internal}) as window
 * places free, one drain at a time, so that a message is counted as waiting until it is sent and
 * none jumps ahead of it. Any thread may add a message or have the queue pumped; none waits here.
 */
final class SendQueue {

  private final ArrayDeque<Outstanding> queued = new ArrayDeque<>(); // guarded by itself
  private final AtomicInteger waiting = new AtomicInteger(); // queued, and the one being sent
  private final AtomicBoolean draining = new AtomicBoolean();
  private final Runnable drain = this::drain;
  private final InFlightLimits limits;
  private final Executor internal;
  private final Predicate<Outstanding> send;
  private final Consumer<Outstanding> notSent;

  /**
   * @param limits whose window places queued messages take
   * @param internal where queued messages are sent
   * @param send sends a message that holds a place; {@code false} when the channel was closed and
   *     nothing was sent
   * @param notSent fails a message as not sent: its channel closed before its turn
   */
  SendQueue(
      InFlightLimits limits,
      Executor internal,
      Predicate<Outstanding> send,
      Consumer<Outstanding> notSent) {
    this.limits = limits;
    this.internal = internal;
    this.send = send;
    this.notSent = notSent;
  }

  /** Whether no message waits (or is being sent from the queue). */
  boolean isEmpty() {
    return waiting.get() == 0;
  }

  /** Queues {@code message} and has it sent if a place is free. */
  void add(Outstanding message) {
    synchronized (queued) {
      queued.add(message);
      waiting.incrementAndGet();
    }
    pump(); // a place may have freed since the window was found full
  }

  /** Has the queue drained on {@code internal} if a message waits and a place is free. */
  void pump() {
    if (waiting.get() > 0 && limits.placeFree() && draining.compareAndSet(false, true)) {
      try {
        internal.execute(drain);
      } catch (RejectedExecutionException e) {
        draining.set(false);
        failAll(); // shutting down: what waits is not sent
      }
    }
  }

  /** Sends queued messages in order while the window has room; on {@code internal}. */
  private void drain() {
    try {
      while (limits.tryPlace()) {
        Outstanding message;
        synchronized (queued) {
          message = queued.poll();
        }
        if (message == null) {
          limits.free(1);
          return;
        }
        try {
          if (!send.test(message)) {
            limits.free(1);
            notSent.accept(message);
          }
        } finally {
          waiting.decrementAndGet();
        }
      }
    } finally {
      draining.set(false);
      pump(); // a place freed, or a message came, after the last try
    }
  }

  /** Fails every queued message as not sent: the channel closed before their turn. */
  void failAll() {
    while (true) {
      Outstanding message;
      synchronized (queued) {
        message = queued.poll();
        if (message == null) {
          return;
        }
        waiting.decrementAndGet();
      }
      notSent.accept(message);
    }
  }
}
