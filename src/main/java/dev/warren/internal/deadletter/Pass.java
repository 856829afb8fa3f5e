package dev.warren.internal.deadletter;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * One pass over a dead letter queue from its head: reads the dead letters that were in it when the
 * pass began (a subscription on a channel of its own), and replays, purges or keeps each. Kept ones
 * stay in place and in order. A pass that {@code holds} them (a classic queue, or any queue on
 * RabbitMQ 4.3 and later) keeps them unacked and requeues them at the end with one {@code
 * basic.nack(multiple, requeue)}, which puts each back in its place and counts no attempt; any
 * other pass copies each to the tail (confirmed) and then acks it, since a quorum queue before 4.3
 * counts a requeue as a delivery attempt and moves the message behind the rest (measured on
 * RabbitMQ 3.10.8). There the subscription never receives more than the messages counted at the
 * start, so that it never has to give one back: acks are held back while more could arrive, and it
 * is cancelled before the last acks. A replay or a kept copy is acked only once its copy is
 * confirmed.
 *
 * <p>Threads: everything runs on the caller's thread but the subscription's callback (the client's
 * consumer thread, which only queues deliveries) and the confirms and returns of {@link Copies}'
 * tracker (the reader thread). Created and run once.
 */
final class Pass {

  /** What a pass does with the dead letters it selects. */
  enum Mode {
    BROWSE,
    COUNT,
    REPLAY,
    PURGE
  }

  /** What the pass found and did. */
  record Result(
      long examined,
      long selected,
      long done,
      List<String> ids,
      List<DeadLetterReport.Failure> failed,
      List<DeadLetter> page) {}

  private record Incoming(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {}

  /** Copies awaiting their confirm at most; also the quorum subscription's prefetch at most. */
  static final int WINDOW = 1000;

  /** The most dead letters a pass that holds them keeps unacked (its prefetch at most). */
  static final int MAX_HELD = 100_000;

  /** How long a pass on a quorum queue waits after its last acks before closing its channel. */
  static final long SETTLE_MILLIS = 200;

  /** How long the pass waits for a delivery or confirm before it stops as stalled. */
  static final long IDLE_MILLIS = 10_000;

  private final Connection connection;
  private final String queue;
  private final boolean holds;
  private final DeadLetterQuery query;
  private final Mode mode;
  private final String retryCountHeader;
  private final int limit;
  private final Instant now = Instant.now();
  private final BlockingQueue<Incoming> inbox = new LinkedBlockingQueue<>();
  private final ArrayDeque<Long> withheldAcks = new ArrayDeque<>();
  private final List<Long> lastResort = new ArrayList<>();
  private final List<String> ids = new ArrayList<>();
  private final List<DeadLetterReport.Failure> failed = new ArrayList<>();
  private final List<DeadLetter> page = new ArrayList<>();
  private Channel source;
  private Copies copies;
  private String consumerTag;
  private long counted;
  private int prefetch;
  private long received;
  private long acked;
  private long selected;
  private long done;
  private long replays;
  private long maxTag;
  private boolean cancelled;
  private long withheldFlushed;
  private long rateStart;
  private PassProgress progress = PassProgress.NONE;

  Pass(
      Connection connection,
      String queue,
      boolean holds,
      DeadLetterQuery query,
      Mode mode,
      String retryCountHeader) {
    this.connection = connection;
    this.queue = queue;
    this.holds = holds;
    this.query = query;
    this.mode = mode;
    this.retryCountHeader = retryCountHeader;
    this.limit =
        mode == Mode.BROWSE && query.limit() == 0 ? DeadLetterQuery.DEFAULT_PAGE : query.limit();
  }

  /** Tells {@code progress} how far the pass got as it runs; none by default. */
  Pass progress(PassProgress progress) {
    this.progress = progress;
    return this;
  }

  /** The ready messages of the queue, touching none (a passive declare). */
  static long ready(Connection connection, String queue) throws IOException, TimeoutException {
    Channel channel = connection.createChannel();
    try {
      return channel.queueDeclarePassive(queue).getMessageCount();
    } finally {
      if (channel.isOpen()) {
        channel.close();
      }
    }
  }

  Result run() throws IOException, InterruptedException, TimeoutException {
    source = connection.createChannel();
    copies = new Copies(connection.createChannel());
    counted = source.queueDeclarePassive(queue).getMessageCount();
    if (counted > 0) {
      prefetch = (int) Math.min(counted, holds ? MAX_HELD : WINDOW);
      source.basicQos(prefetch);
      consumerTag = source.basicConsume(queue, false, new Inbox(source));
      rateStart = System.nanoTime();
      long lastProgress = System.nanoTime();
      while (received < counted && !(holds && limitReached())) {
        Incoming next = inbox.poll(20, TimeUnit.MILLISECONDS);
        failIfClosed();
        boolean progress = settle();
        if (next != null) {
          handle(next);
          progress = true;
        }
        if (progress) {
          lastProgress = System.nanoTime();
          this.progress.update(received, counted, selected, done);
        } else if (System.nanoTime() - lastProgress > IDLE_MILLIS * 1_000_000) {
          break; // someone else took messages, or the broker does not answer
        }
      }
      source.basicCancel(consumerTag);
      cancelled = true;
      for (Incoming late = inbox.poll(); late != null; late = inbox.poll()) {
        handle(late); // delivered before the cancel: examined like the others
      }
      finish();
    }
    closeQuietly(copies.channel());
    if (!holds && acked + withheldFlushed > 0) {
      // measured on RabbitMQ 3.10.8: a quorum queue may apply the acks sent just before the channel
      // closes after the close, and then delivers those messages again (counted as a redelivery);
      // a round trip on the channel does not prevent it, a pause does
      source.basicQos(prefetch);
      Thread.sleep(SETTLE_MILLIS);
    }
    closeQuietly(source);
    progress.update(received, counted, selected, done);
    return new Result(
        received, selected, done, Collections.unmodifiableList(ids), List.copyOf(failed), page);
  }

  private boolean limitReached() {
    return limit > 0 && selected >= limit;
  }

  private void handle(Incoming in) throws IOException, InterruptedException {
    long tag = in.envelope().getDeliveryTag();
    maxTag = Math.max(maxTag, tag);
    DeadLetter letter = Letters.read(received++, in.properties(), in.body());
    boolean select = !limitReached() && Letters.selects(query, letter, now);
    if (select) {
      selected++;
      if (ids.size() < DeadLetterReport.MAX_IDS) {
        ids.add(letter.messageId());
      }
      if (mode == Mode.BROWSE) {
        page.add(letter);
      }
    }
    AMQP.BasicProperties kept = Letters.kept(in.properties());
    if (select && !query.isDryRun() && mode == Mode.PURGE) {
      ack(tag);
      done++;
    } else if (select && !query.isDryRun() && mode == Mode.REPLAY) {
      if (letter.originQueue() == null) {
        failed.add(new DeadLetterReport.Failure(letter.messageId(), null, "no origin queue"));
        keep(new Copies.Copy(tag, letter.messageId(), queue, false, kept, in.body()));
      } else {
        pace();
        send(
            new Copies.Copy(tag, letter.messageId(), letter.originQueue(), true, kept, in.body()),
            Letters.replayed(in.properties(), retryCountHeader, letter.replayed()));
        replays++;
      }
    } else {
      keep(new Copies.Copy(tag, letter.messageId(), queue, false, kept, in.body()));
    }
  }

  private void keep(Copies.Copy copy) throws IOException, InterruptedException {
    if (!holds) {
      send(copy, copy.kept); // held otherwise, and requeued at the end
    }
  }

  private void send(Copies.Copy copy, AMQP.BasicProperties properties)
      throws IOException, InterruptedException {
    while (copies.unconfirmed() >= WINDOW) {
      copies.await(WINDOW - 1, 100);
      settle();
    }
    copies.send(copy, properties);
  }

  /** Stops the pass when the broker closed a channel or the connection under it. */
  private void failIfClosed() {
    for (Channel channel : List.of(source, copies.channel())) {
      if (!channel.isOpen()) {
        throw channel.getCloseReason();
      }
    }
  }

  /** Waits until the next replay is due at the query's rate. */
  private void pace() throws IOException, InterruptedException {
    if (query.rate() > 0) {
      long due = rateStart + (long) (replays * 1_000_000_000L / query.rate());
      for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
        settle();
        failIfClosed();
        LockSupport.parkNanos(Math.min(wait, 2_000_000));
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
    }
  }

  /** Acks the originals of confirmed copies; keeps those whose copy failed. */
  private boolean settle() throws IOException, InterruptedException {
    List<Copies.Copy> settled = copies.settled();
    for (Copies.Copy copy : settled) {
      if (copy.failure == null) {
        ack(copy.tag);
        if (copy.replay) {
          done++;
        }
      } else if (copy.replay) {
        failed.add(new DeadLetterReport.Failure(copy.messageId, copy.target, copy.failure));
        keep(new Copies.Copy(copy.tag, copy.messageId, queue, false, copy.kept, copy.body));
      } else {
        lastResort.add(copy.tag);
      }
    }
    return !settled.isEmpty();
  }

  /**
   * Acks an original. On a quorum queue the ack is held back while the subscription could still
   * receive more than the messages counted at the start (acked + prefetch above that count).
   */
  private void ack(long tag) throws IOException {
    if (holds || cancelled || acked + prefetch < counted) {
      source.basicAck(tag, false);
      acked++;
    } else {
      withheldAcks.add(tag);
    }
  }

  private void finish() throws IOException, InterruptedException {
    for (Long tag = withheldAcks.poll(); tag != null; tag = withheldAcks.poll()) {
      source.basicAck(tag, false); // cancelled: nothing more arrives
      withheldFlushed++;
    }
    long end = System.nanoTime() + IDLE_MILLIS * 3_000_000;
    // a replay that failed sends a copy to keep its dead letter: wait for that one too
    boolean settled = true;
    while ((settled || copies.unconfirmed() > 0) && System.nanoTime() < end) {
      copies.await(0, 100);
      settled = settle();
    }
    if (copies.unconfirmed() > 0) {
      failed.add(
          new DeadLetterReport.Failure(
              null, null, copies.unconfirmed() + " copies had no confirm: their originals stay"));
    }
    if (holds) {
      if (maxTag > 0) {
        source.basicNack(maxTag, true, true); // every one still held goes back to its place
      }
    } else {
      // a copy that could not be kept: requeued, the one way left (a quorum queue counts it)
      for (long tag : lastResort) {
        source.basicNack(tag, false, true);
      }
    }
  }

  private static void closeQuietly(Channel channel) {
    try {
      if (channel.isOpen()) {
        channel.close();
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      // the connection closes next
    }
  }

  /** Queues the subscription's deliveries for the caller's thread. */
  private final class Inbox extends DefaultConsumer {
    Inbox(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      inbox.add(new Incoming(envelope, properties, body));
    }
  }
}
