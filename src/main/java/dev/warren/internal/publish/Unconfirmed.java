package dev.warren.internal.publish;

import java.util.ArrayList;
import java.util.List;

/**
 * A channel's unconfirmed messages by publish sequence number, as the broker's confirms address
 * them: one number, or every number up to one. The channel numbers its messages in increasing
 * order, so they live in a ring of slots indexed by number, from the oldest unconfirmed to the
 * newest: no node and no boxed key per message. When a message stays unconfirmed while the numbers
 * run past the ring's size (until the broker confirms it or its confirm timeout fails it), the ring
 * doubles. Thread-safe; each method holds the lock for its own few steps only.
 *
 * @param <T> what is kept for each message
 */
final class Unconfirmed<T> {

  private Object[] slots; // a power of two long; number n is at n & (slots.length - 1)
  private long oldest; // no number below it is kept; the first one kept, unless empty
  private long end; // one past the newest number kept
  private int size;

  /**
   * @param capacity how many messages are usually unconfirmed at most (the ring starts that large)
   */
  Unconfirmed(int capacity) {
    int length = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
    slots = new Object[length];
  }

  /**
   * Keeps {@code value} under {@code sequence}.
   *
   * @throws IllegalArgumentException if {@code sequence} is not above every number kept so far
   */
  synchronized void put(long sequence, T value) {
    if (size == 0) {
      oldest = sequence;
    } else if (sequence < end) {
      throw new IllegalArgumentException(
          "publish sequence number " + sequence + " after " + (end - 1) + ": not in order");
    }
    while (sequence - oldest >= slots.length) {
      grow();
    }
    slots[index(sequence)] = value;
    end = sequence + 1;
    size++;
  }

  /** The value under {@code sequence}, {@code null} when none is kept. */
  synchronized T get(long sequence) {
    return kept(sequence) ? at(sequence) : null;
  }

  /**
   * Takes out {@code value}, if it is what is kept under {@code sequence}.
   *
   * @return {@code false} when it was not (taken out before, or never kept)
   */
  synchronized boolean remove(long sequence, T value) {
    if (!kept(sequence) || slots[index(sequence)] != value) {
      return false;
    }
    slots[index(sequence)] = null;
    size--;
    while (oldest < end && slots[index(oldest)] == null) {
      oldest++;
    }
    return true;
  }

  /** The values under {@code sequence} and, when {@code multiple}, every lower number, in order. */
  synchronized List<T> covered(long sequence, boolean multiple) {
    if (!multiple) {
      T one = get(sequence);
      return one == null ? List.of() : List.of(one);
    }
    return between(oldest, Math.min(sequence + 1, end));
  }

  /** Every value kept, in order. */
  synchronized List<T> all() {
    return between(oldest, end);
  }

  synchronized int size() {
    return size;
  }

  private List<T> between(long from, long to) {
    List<T> values = new ArrayList<>((int) Math.max(0, Math.min(size, to - from)));
    for (long n = from; n < to; n++) {
      T value = at(n);
      if (value != null) {
        values.add(value);
      }
    }
    return values;
  }

  private boolean kept(long sequence) {
    return sequence >= oldest && sequence < end && size > 0;
  }

  @SuppressWarnings("unchecked")
  private T at(long sequence) {
    return (T) slots[index(sequence)];
  }

  private int index(long sequence) {
    return (int) (sequence & (slots.length - 1));
  }

  private void grow() {
    Object[] larger = new Object[slots.length * 2];
    for (long n = oldest; n < end; n++) {
      larger[(int) (n & (larger.length - 1))] = slots[index(n)];
    }
    slots = larger;
  }
}
