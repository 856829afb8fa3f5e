package dev.warren.internal.deadletter;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.ReturnListener;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The copies one pass publishes (replays, and dead letters kept by copying them to the tail), on a
 * confirmed channel of its own, each mandatory. A copy is settled by its confirm: good when acked
 * and not returned before (the broker always sends a message's {@code basic.return} before its
 * {@code basic.ack}), failed when returned or nacked. Only the settled copies are handed back.
 *
 * <p>Threads: {@link #send}, {@link #settled} and {@link #await} run on the caller's thread; the
 * listeners on the connection's reader thread, where they only record and wake the caller.
 */
final class Copies implements ConfirmListener, ReturnListener {

  /** One copy: what it is for, where it went, and how it ended. */
  static final class Copy {
    final long tag; // the original's delivery tag
    final String messageId;
    final String target;
    final boolean replay;
    final AMQP.BasicProperties kept; // the properties a copy kept in the dead letter queue gets
    final byte[] body;
    String failure; // null while good

    Copy(
        long tag,
        String messageId,
        String target,
        boolean replay,
        AMQP.BasicProperties kept,
        byte[] body) {
      this.tag = tag;
      this.messageId = messageId;
      this.target = target;
      this.replay = replay;
      this.kept = kept;
      this.body = body;
    }
  }

  private final Channel channel;
  private final NavigableMap<Long, Copy> unconfirmed = new TreeMap<>();
  private final List<Copy> settled = new ArrayList<>();

  Copies(Channel channel) throws IOException {
    this.channel = channel;
    channel.confirmSelect();
    channel.addConfirmListener(this);
    channel.addReturnListener(this);
  }

  Channel channel() {
    return channel;
  }

  /** Publishes {@code copy} to queue {@code copy.target} through the default exchange. */
  void send(Copy copy, AMQP.BasicProperties properties) throws IOException {
    synchronized (this) {
      unconfirmed.put(channel.getNextPublishSeqNo(), copy);
    }
    channel.basicPublish("", copy.target, true, properties, copy.body);
  }

  /** How many copies wait for their confirm. */
  synchronized int unconfirmed() {
    return unconfirmed.size();
  }

  /** The copies settled since the last call, in the order they were confirmed. */
  synchronized List<Copy> settled() {
    List<Copy> done = new ArrayList<>(settled);
    settled.clear();
    return done;
  }

  /**
   * Waits until at most {@code most} copies are unconfirmed or {@code millis} passed.
   *
   * @return whether at most {@code most} are
   */
  synchronized boolean await(int most, long millis) throws InterruptedException {
    long end = System.nanoTime() + millis * 1_000_000;
    while (unconfirmed.size() > most && channel.isOpen()) {
      long left = (end - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      wait(Math.min(left, 100));
    }
    return unconfirmed.size() <= most;
  }

  @Override
  public synchronized void handleAck(long seq, boolean multiple) {
    settle(seq, multiple, null);
  }

  @Override
  public synchronized void handleNack(long seq, boolean multiple) {
    settle(seq, multiple, "nacked by the broker");
  }

  private void settle(long seq, boolean multiple, String failure) {
    Map<Long, Copy> done = multiple ? unconfirmed.headMap(seq, true) : subMap(seq);
    for (Iterator<Copy> copies = done.values().iterator(); copies.hasNext(); ) {
      Copy copy = copies.next();
      if (failure != null && copy.failure == null) {
        copy.failure = failure;
      }
      settled.add(copy);
      copies.remove();
    }
    notifyAll();
  }

  private Map<Long, Copy> subMap(long seq) {
    return unconfirmed.subMap(seq, true, seq, true);
  }

  /** The oldest unconfirmed, not yet returned copy that is this message is the one returned. */
  @Override
  public synchronized void handleReturn(
      int replyCode,
      String replyText,
      String exchange,
      String routingKey,
      AMQP.BasicProperties properties,
      byte[] body) {
    for (Copy copy : unconfirmed.values()) {
      if (copy.failure == null
          && copy.target.equals(routingKey)
          && Objects.equals(copy.messageId, properties.getMessageId())
          && Arrays.equals(copy.body, body)) {
        copy.failure = "returned: " + replyCode + " " + replyText;
        return;
      }
    }
  }
}
