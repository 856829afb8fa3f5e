package dev.warren.internal.publish;

import com.rabbitmq.client.Return;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sent, unconfirmed messages of one {@link ConfirmTracker}: by 64-bit publish sequence number
 * ({@link Unconfirmed}), as the broker's confirms address them, and the mandatory ones sent without
 * the header {@value ConfirmTracker#SEQUENCE_HEADER} also by their {@link ReturnKey}, as a {@code
 * basic.return} finds them. A message leaves exactly once (confirm, timeout, close); whoever takes
 * it out settles it. Thread-safe.
 */
final class ConfirmLedger {

  private final Unconfirmed<Outstanding> outstanding;
  // unconfirmed mandatory messages sent without the sequence header, by their key; a key stays
  // after a message timed out (its return may still come), so that a repeat carries the header
  private final ConcurrentHashMap<ReturnKey, Outstanding> bare = new ConcurrentHashMap<>();
  private final AtomicInteger lingering = new AtomicInteger(); // keys of timed-out messages

  /**
   * @param capacity how many messages are usually unconfirmed at most
   */
  ConfirmLedger(int capacity) {
    this.outstanding = new Unconfirmed<>(capacity);
  }

  /**
   * Keeps {@code message}, about to be sent under its {@code sequence}.
   *
   * @return whether an identical mandatory message is unconfirmed already: then this one must carry
   *     its sequence number in the header, its return could not be told apart by its key
   */
  boolean add(Outstanding message) {
    outstanding.put(message.sequence, message);
    return message.key != null && bare.putIfAbsent(message.key, message) != null;
  }

  /** Takes a message out of the unconfirmed ones, with its key; false when it had left already. */
  boolean leave(Outstanding message) {
    if (!outstanding.remove(message.sequence, message)) {
      return false;
    }
    if (message.key != null) {
      bare.remove(message.key, message);
    }
    return true;
  }

  /** The messages a confirm of {@code tag} covers, in order; each still to {@link #leave}. */
  List<Outstanding> covered(long tag, boolean multiple) {
    return outstanding.covered(tag, multiple);
  }

  /**
   * The unconfirmed message the broker returned: found by its sequence header if it has one, else
   * by its key; {@code null} if none.
   */
  Outstanding returned(Return returned) {
    Map<String, Object> headers = returned.getProperties().getHeaders();
    return headers != null && headers.get(ConfirmTracker.SEQUENCE_HEADER) instanceof Long sequence
        ? outstanding.get(sequence)
        : bare.get(ReturnKey.of(returned));
  }

  /** Every unconfirmed message, in order. */
  List<Outstanding> all() {
    return outstanding.all();
  }

  /** How many messages are unconfirmed. */
  int size() {
    return outstanding.size();
  }

  /**
   * Takes out a message whose confirm timed out. Its key, if it was sent without the header, stays
   * (lingers) until {@link #forgetLingering}: its return may still come, and must not be taken for
   * that of an identical message sent after it.
   *
   * @return false when it had left already
   */
  boolean timeOut(Outstanding message) {
    if (!outstanding.remove(message.sequence, message)) {
      return false;
    }
    if (message.key != null && bare.get(message.key) == message) {
      lingering.incrementAndGet();
    }
    return true;
  }

  /** Drops the keys of messages that timed out longer than {@code timeoutNanos} before now. */
  void forgetLingering(long now, long timeoutNanos) {
    if (lingering.get() > 0) {
      for (Iterator<Outstanding> keys = bare.values().iterator(); keys.hasNext(); ) {
        if (now - keys.next().deadlineNanos - timeoutNanos >= 0) {
          keys.remove();
          lingering.decrementAndGet();
        }
      }
    }
  }
}
