package dev.warren.internal.outbox;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One batch of rows on the relay's channel: publishes them in id order and records what the broker
 * said of each (ack, nack, return, or nothing before the channel closed or the confirm timeout).
 * Publishing stops at the first row the broker returned or nacked while the batch is being sent, so
 * that later rows do not overtake it further. {@link #send} and {@link #await} run on the relay's
 * thread; the confirm, return and shutdown callbacks on the connection's I/O thread, where they
 * only record under this object's monitor and never wait.
 */
final class RelayBatch {

  /** What became of one row. */
  enum Result {
    /** Acked and not returned: the broker took it; the row goes. */
    CONFIRMED,
    /** Returned: mandatory and no queue matched. */
    RETURNED,
    /** Nacked: the broker refused responsibility. */
    NACKED,
    /** Sent, and no confirm came (channel closed, or the confirm timeout): it may have gone. */
    UNKNOWN,
    /** Not sent: an earlier row of the batch failed first. */
    NOT_SENT
  }

  private final List<OutboxRow> rows;
  private final Result[] results;
  private final String[] why;
  private final boolean[] returned;
  private final TreeMap<Long, Integer> unconfirmed = new TreeMap<>();
  private boolean failed;
  private String closed;

  RelayBatch(List<OutboxRow> rows) {
    this.rows = rows;
    this.results = new Result[rows.size()];
    this.why = new String[rows.size()];
    this.returned = new boolean[rows.size()];
    Arrays.fill(results, Result.NOT_SENT);
  }

  /**
   * Publishes the rows on {@code channel} (in confirm mode, its listeners calling this batch), in
   * order, until one fails.
   *
   * @throws IOException when a publish cannot be written (the rows not sent stay {@link
   *     Result#NOT_SENT}, those sent {@link Result#UNKNOWN} until their confirm)
   */
  void send(Channel channel) throws IOException {
    for (int i = 0; i < rows.size(); i++) {
      synchronized (this) {
        if (failed || closed != null) {
          return;
        }
        unconfirmed.put(channel.getNextPublishSeqNo(), i);
        results[i] = Result.UNKNOWN;
      }
      OutboxRow row = rows.get(i);
      channel.basicPublish(
          row.exchange(), row.routingKey(), row.mandatory(), row.properties(), row.body());
    }
  }

  /** Waits until every sent row is confirmed, the channel closes or {@code deadlineNanos}. */
  synchronized void await(long deadlineNanos) throws InterruptedException {
    while (!unconfirmed.isEmpty() && closed == null) {
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0) {
        for (int index : unconfirmed.values()) {
          why[index] = "no confirm within the confirm timeout";
        }
        return;
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }

  /** The broker's ack or nack of {@code tag} (and of all before it when {@code multiple}). */
  synchronized void confirmed(long tag, boolean multiple, boolean ack) {
    Map<Long, Integer> settled =
        multiple ? unconfirmed.headMap(tag, true) : unconfirmed.subMap(tag, true, tag, true);
    for (int index : settled.values()) {
      if (!ack) {
        results[index] = Result.NACKED;
        why[index] = "nacked by the broker";
        failed = true;
      } else if (returned[index]) {
        results[index] = Result.RETURNED;
      } else {
        results[index] = Result.CONFIRMED;
      }
    }
    settled.clear();
    notifyAll();
  }

  /**
   * A {@code basic.return}: the first sent, unconfirmed row with its exchange, routing key and
   * message id is marked (the broker returns a message before it acks it).
   */
  synchronized void returned(
      int replyCode,
      String replyText,
      String exchange,
      String routingKey,
      AMQP.BasicProperties properties) {
    String messageId = properties == null ? null : properties.getMessageId();
    for (int index : unconfirmed.values()) {
      OutboxRow row = rows.get(index);
      if (!returned[index]
          && row.exchange().equals(exchange)
          && row.routingKey().equals(routingKey)
          && row.messageId().equals(messageId)) {
        returned[index] = true;
        why[index] = "returned unroutable (" + replyCode + " " + replyText + ")";
        failed = true;
        return;
      }
    }
  }

  /** The channel closed: rows not confirmed stay {@link Result#UNKNOWN}. */
  synchronized void closed(ShutdownSignalException cause) {
    closed = cause == null ? "channel closed" : String.valueOf(cause.getMessage());
    for (int index : unconfirmed.values()) {
      why[index] = "the channel closed before its confirm (" + closed + ")";
    }
    notifyAll();
  }

  synchronized Result result(int index) {
    return results[index];
  }

  /** Why row {@code index} failed, for its {@code last_error}. */
  synchronized String why(int index) {
    return why[index] == null ? String.valueOf(results[index]) : why[index];
  }

  /** Whether some sent row got no confirm (the confirm timeout passed). */
  synchronized boolean incomplete() {
    return !unconfirmed.isEmpty();
  }

  /** Whether the channel closed during the batch. */
  synchronized boolean channelClosed() {
    return closed != null;
  }
}
