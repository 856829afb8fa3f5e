package dev.warren.internal.settlement.execution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One consumer's unsettled deliveries, by where they are: waiting for a worker, in hand (its
 * handler runs, or its settlement is under way), or held unacked on a timer (an in-process delay,
 * or the pause after a failed copy). Shutdown waits on it: once it {@linkplain #drain() drains},
 * deliveries still waiting are never started, and {@link #awaitDrained} returns as soon as nothing
 * is in hand and no in-process delay is due before the deadline. Lives as long as its consumer.
 *
 * <p>Leaving a state is idempotent (a delivery is in a set, not a count), so a late result of a
 * delivery already settled or handed back changes nothing.
 *
 * <p>The deliveries in hand, one per consumed message, are a list linked through the deliveries'
 * own {@code previousInHand} and {@code nextInHand} fields: no node of a set is made per message,
 * and no identity hash is computed. The held ones, rare, are kept in a set and a map.
 */
public final class InFlight {

  private int waiting;
  private IncomingDelivery firstInHand; // the list of those in hand, in no particular order
  private int inHand;
  // held for an in-process delay, with the System.nanoTime() its timer is due
  private final Map<IncomingDelivery, Long> delayed = new HashMap<>();
  // held for the pause after a failed copy: closing the channel does what its timer would
  private final Set<IncomingDelivery> paused = new HashSet<>();
  private boolean draining;
  private boolean closed;

  /** What was still unsettled when the consumer closed; every one goes back to the broker. */
  public record Left(List<IncomingDelivery> inHand, int notStarted, int delayed, int paused) {
    boolean none() {
      return inHand.isEmpty() && notStarted == 0 && delayed == 0 && paused == 0;
    }
  }

  /** {@code count} deliveries arrived and wait for a worker. */
  public synchronized void received(int count) {
    waiting += count;
  }

  /**
   * A worker takes {@code delivery} from the waiting ones: {@link #start(List)} for one.
   *
   * @return whether to handle it
   */
  public synchronized boolean start(IncomingDelivery delivery) {
    if (draining || closed) {
      return false; // still in the channel's hands: counted as not started
    }
    waiting--;
    take(delivery);
    return true;
  }

  /**
   * A worker takes {@code deliveries} from the waiting ones.
   *
   * @return whether to handle them: {@code false} once draining or closed (they stay unsettled, and
   *     closing the channel hands them back)
   */
  public synchronized boolean start(List<IncomingDelivery> deliveries) {
    waiting -= deliveries.size();
    if (draining || closed) {
      waiting += deliveries.size(); // still in the channel's hands: counted as not started
      return false;
    }
    for (IncomingDelivery delivery : deliveries) {
      take(delivery);
    }
    return true;
  }

  /** {@code count} waiting deliveries will never be handled here (their channel is gone). */
  public synchronized void notStarted(int count) {
    waiting -= count;
    changed();
  }

  /** {@code delivery} is settled, or given up (the broker delivers it again). */
  public synchronized void done(IncomingDelivery delivery) {
    if (putDown(delivery) || delayed.remove(delivery) != null || paused.remove(delivery)) {
      changed();
    }
  }

  /** {@code delivery} is held unacked until its in-process delay is due at {@code dueNanos}. */
  synchronized void delayed(IncomingDelivery delivery, long dueNanos) {
    if (putDown(delivery)) {
      delayed.put(delivery, dueNanos);
      changed();
    }
  }

  /** {@code delivery} is held unacked for a pause after its copy failed. */
  synchronized void paused(IncomingDelivery delivery) {
    if (putDown(delivery)) {
      paused.add(delivery);
      changed();
    }
  }

  /**
   * The timer of a held delivery fired: it is in hand again.
   *
   * @return whether to go on with it: {@code false} once the consumer has closed (its channel
   *     handed it back already)
   */
  synchronized boolean released(IncomingDelivery delivery) {
    boolean held = delayed.remove(delivery) != null || paused.remove(delivery);
    if (!held || closed) {
      return false;
    }
    take(delivery);
    return true;
  }

  /** Deliveries received and not yet settled, held ones included. */
  public synchronized int unsettled() {
    return waiting + inHand + delayed.size() + paused.size();
  }

  /** Deliveries held unacked on a timer. */
  public synchronized int held() {
    return delayed.size() + paused.size();
  }

  /**
   * The deliveries in hand or held on a timer that came on {@code on}: how many, and when the
   * oldest arrived. Deliveries waiting for a worker arrived after those in hand, so they are not
   * looked at. Runs on the reader as a broker's cancel arrives: a walk of the few in hand.
   */
  public synchronized Held heldOn(DeliveryChannel on) {
    int count = 0;
    long oldest = 0;
    for (IncomingDelivery d = firstInHand; d != null; d = d.nextInHand) {
      if (d.deliveryChannel() == on) {
        oldest = count++ == 0 ? d.arrivedNanos() : earlier(oldest, d.arrivedNanos());
      }
    }
    for (IncomingDelivery d : delayed.keySet()) {
      if (d.deliveryChannel() == on) {
        oldest = count++ == 0 ? d.arrivedNanos() : earlier(oldest, d.arrivedNanos());
      }
    }
    for (IncomingDelivery d : paused) {
      if (d.deliveryChannel() == on) {
        oldest = count++ == 0 ? d.arrivedNanos() : earlier(oldest, d.arrivedNanos());
      }
    }
    return new Held(count, oldest);
  }

  private static long earlier(long a, long b) {
    return a - b <= 0 ? a : b;
  }

  /**
   * Deliveries a consumer held on one channel.
   *
   * @param count how many
   * @param oldestArrivedNanos the {@link System#nanoTime()} the oldest arrived; meaningless when
   *     {@code count} is 0
   */
  public record Held(int count, long oldestArrivedNanos) {}

  /** From now on no waiting delivery is started (the subscription was cancelled). */
  public synchronized void drain() {
    draining = true;
  }

  /**
   * Waits until nothing is in hand and no in-process delay is due by {@code deadlineNanos}, the
   * consumer closes, or the deadline passes.
   */
  public synchronized void awaitDrained(long deadlineNanos) throws InterruptedException {
    while (!closed && (inHand > 0 || delayDueBy(deadlineNanos))) {
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0) {
        return;
      }
      wait(left / 1_000_000, (int) (left % 1_000_000));
    }
  }

  private boolean delayDueBy(long deadlineNanos) {
    for (long due : delayed.values()) {
      if (due - deadlineNanos <= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The consumer closes its channel: what is still unsettled goes back to the broker; timers that
   * fire later and results that come later change nothing.
   */
  public synchronized Left close() {
    closed = true;
    List<IncomingDelivery> held = new ArrayList<>(inHand);
    for (IncomingDelivery d = firstInHand; d != null; d = d.nextInHand) {
      held.add(d);
    }
    Left left = new Left(held, waiting, delayed.size(), paused.size());
    changed();
    return left;
  }

  /** Puts {@code delivery} in hand; it is in no state yet. */
  private void take(IncomingDelivery delivery) {
    delivery.previousInHand = null;
    delivery.nextInHand = firstInHand;
    if (firstInHand != null) {
      firstInHand.previousInHand = delivery;
    }
    firstInHand = delivery;
    inHand++;
  }

  /**
   * Takes {@code delivery} out of those in hand.
   *
   * @return {@code false} when it was not in hand
   */
  private boolean putDown(IncomingDelivery delivery) {
    IncomingDelivery previous = delivery.previousInHand;
    IncomingDelivery next = delivery.nextInHand;
    if (previous == null && firstInHand != delivery) {
      return false;
    }
    if (previous == null) {
      firstInHand = next;
    } else {
      previous.nextInHand = next;
    }
    if (next != null) {
      next.previousInHand = previous;
    }
    delivery.previousInHand = null;
    delivery.nextInHand = null;
    inHand--;
    return true;
  }

  private void changed() {
    if (draining || closed) {
      notifyAll();
    }
  }
}
