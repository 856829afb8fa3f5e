package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.internal.logging.Messages;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publisher confirms on one channel. Every message published through it completes exactly once: on
 * the broker's ack (or, for a mandatory message the broker returned first, as unroutable), on a
 * nack (after at most {@code nackRepublishes} automatic republishes), on the confirm timeout, or
 * when the channel closes with it unconfirmed (outcome unknown).
 *
 * <p>Outstanding messages are kept by 64-bit publish sequence number ({@link Unconfirmed}), so an
 * ack with {@code multiple=true} settles all of them up to its tag. At most {@code maxInFlight} are
 * unconfirmed; {@link #publish} waits for room.
 *
 * <p>A {@code basic.return} carries no sequence number, so the returned message is found by what it
 * does carry ({@link ReturnKey}: exchange, routing key, message and correlation id, body). That is
 * exact as long as no two unconfirmed mandatory messages share a key: a mandatory message whose key
 * an unconfirmed one already has carries its sequence number in the header {@value
 * #SEQUENCE_HEADER} instead, and its return is found by that. So the common case, messages that
 * differ, puts nothing of Warren's on the wire; only repeats of an identical message in flight
 * carry the header.
 *
 * <p>Lifecycle: created on an open channel, which it puts in confirm mode; dead once that channel
 * closes. Confirms arrive on the connection's I/O thread; futures are completed on {@code
 * completions} so that callers' callbacks never run on (and never block) that thread, and Warren's
 * own work (republishing) runs on {@code internal}, never behind those callbacks. Only Warren's own
 * copies and replies, whose one continuation sends a settlement frame, use a direct executor.
 */
public final class ConfirmTracker {

  /** The header that carries a mandatory message's publish sequence number. */
  public static final String SEQUENCE_HEADER = "x-warren-publish-seq";

  private final Channel channel;
  private final Semaphore window;
  private final long timeoutNanos;
  private final Duration timeout;
  private final int nackRepublishes;
  private final Executor internal;
  private final Executor completions;
  private final Unconfirmed<Outstanding> outstanding;
  // unconfirmed mandatory messages sent without the sequence header, by their key; a key stays
  // after a message timed out (its return may still come), so that a repeat carries the header
  private final ConcurrentHashMap<ReturnKey, Outstanding> bare = new ConcurrentHashMap<>();
  private final AtomicInteger lingering = new AtomicInteger(); // keys of timed-out messages
  private final Object publishLock = new Object();
  private volatile ShutdownSignalException closedBy;

  /**
   * Puts {@code channel} in confirm mode and starts tracking it.
   *
   * @throws IOException if {@code confirm.select} fails
   */
  public ConfirmTracker(
      Channel channel, int maxInFlight, Duration timeout, int nackRepublishes, Executor completions)
      throws IOException {
    this(channel, maxInFlight, timeout, nackRepublishes, completions, completions);
  }

  /**
   * Puts {@code channel} in confirm mode and starts tracking it.
   *
   * @param internal runs Warren's own work (republishing a nacked message), never behind the
   *     application's callbacks
   * @param completions completes the futures, and so runs the callers' callbacks; a message's place
   *     in the window is freed only once its future has completed, so that callbacks that block or
   *     lag hold publishers back instead of queueing completions without bound
   * @throws IOException if {@code confirm.select} fails
   */
  public ConfirmTracker(
      Channel channel,
      int maxInFlight,
      Duration timeout,
      int nackRepublishes,
      Executor internal,
      Executor completions)
      throws IOException {
    this.channel = channel;
    this.internal = internal;
    this.window = new Semaphore(maxInFlight);
    this.outstanding = new Unconfirmed<>(maxInFlight);
    this.timeout = timeout;
    this.timeoutNanos = timeout.toNanos();
    this.nackRepublishes = nackRepublishes;
    this.completions = completions;
    channel.confirmSelect();
    channel.addConfirmListener(this::acked, this::nacked);
    channel.addReturnListener(this::returned);
    channel.addShutdownListener(this::closed);
  }

  /** Whether the channel is still usable. */
  public boolean isOpen() {
    return closedBy == null && channel.isOpen();
  }

  /** The channel this tracker publishes on. */
  public Channel channel() {
    return channel;
  }

  /** How many messages are unconfirmed right now. */
  public int unconfirmed() {
    return outstanding.size();
  }

  /**
   * Publishes one message, waiting while {@code maxInFlight} messages are unconfirmed.
   *
   * @return the message's confirmation, or {@code null} when the channel closed before it was sent
   *     (nothing was sent: the caller may use another channel)
   * @throws InterruptedException if interrupted while waiting for room
   */
  public CompletableFuture<Void> publish(
      String exchange,
      String routingKey,
      boolean mandatory,
      AMQP.BasicProperties properties,
      byte[] body)
      throws InterruptedException {
    window.acquire();
    Outstanding message =
        new Outstanding(
            exchange, routingKey, mandatory, properties, body, System.nanoTime() + timeoutNanos);
    if (!send(message)) {
      window.release();
      return null;
    }
    return message.future;
  }

  /** Sends {@code message} under a fresh sequence number; false if the channel was closed. */
  private boolean send(Outstanding message) {
    synchronized (publishLock) {
      if (!isOpen()) {
        return false;
      }
      long sequence = channel.getNextPublishSeqNo();
      message.sequence = sequence;
      outstanding.put(sequence, message);
      AMQP.BasicProperties properties = message.properties;
      if (message.key != null && bare.putIfAbsent(message.key, message) != null) {
        properties = withSequence(properties, sequence); // an identical one is in flight
      }
      try {
        channel.basicPublish(
            message.exchange, message.routingKey, message.mandatory, properties, message.body);
        return true;
      } catch (AlreadyClosedException e) {
        leave(message);
        return false;
      } catch (IOException e) {
        // the frame may or may not have left: the shutdown that follows settles it, else we do
        if (leave(message)) {
          fail(message, Reason.OUTCOME_UNKNOWN, e);
        }
        return true;
      } catch (RuntimeException e) {
        refused(message, e);
        return true;
      }
    }
  }

  /**
   * The client refused to encode the message (a short string over 255 bytes, properties over the
   * frame size): nothing was written, but the client had counted its sequence number, so the
   * broker's confirms on this channel would settle each later message as the one before it. The
   * message fails alone as not sent; the channel is closed, so that what is unconfirmed on it fails
   * as unknown and the next message goes out on a new channel with the numbering right.
   */
  private void refused(Outstanding message, RuntimeException cause) {
    leave(message);
    PublishException failure =
        new PublishException(
            Reason.NOT_SENT,
            message.exchange,
            message.routingKey,
            Messages.refusedByClient(message.exchange, message.routingKey, cause.toString()),
            cause);
    complete(() -> message.future.completeExceptionally(failure), 1);
    closedBy = new ShutdownSignalException(false, true, null, channel);
    closedBy.initCause(cause);
    try {
      channel.abort(AMQP.REPLY_SUCCESS, "Warren: the client refused a message on this channel");
    } catch (IOException | RuntimeException e) {
      // closed already: the same outcome
    }
    failAll(Reason.OUTCOME_UNKNOWN, closedBy);
  }

  /** Takes a message out of the unconfirmed ones, with its key; false when it had left already. */
  private boolean leave(Outstanding message) {
    if (!outstanding.remove(message.sequence, message)) {
      return false;
    }
    if (message.key != null) {
      bare.remove(message.key, message);
    }
    return true;
  }

  private static AMQP.BasicProperties withSequence(AMQP.BasicProperties properties, long seq) {
    Map<String, Object> user = properties.getHeaders();
    Map<String, Object> headers;
    if (user == null || user.isEmpty()) {
      // the common case; no copy of our own: BasicProperties keeps an unmodifiable copy anyway
      headers = Map.of(SEQUENCE_HEADER, seq);
    } else {
      headers = new HashMap<>(user);
      headers.put(SEQUENCE_HEADER, seq);
    }
    return properties.builder().headers(headers).build();
  }

  /** {@code basic.ack} from the broker: settles one message, or all up to {@code tag}. */
  void acked(long tag, boolean multiple) {
    Outstanding first = null; // most confirms settle one message: no list for it
    List<Outstanding> confirmed = null;
    for (Outstanding message : outstanding.covered(tag, multiple)) {
      if (leave(message)) {
        if (message.returned) {
          fail(message, Reason.UNROUTABLE, null);
        } else if (first == null) {
          first = message;
        } else {
          if (confirmed == null) {
            confirmed = new ArrayList<>();
            confirmed.add(first);
          }
          confirmed.add(message);
        }
      }
    }
    if (first != null) {
      succeed(confirmed != null ? confirmed : List.of(first));
    }
  }

  /** {@code basic.nack} from the broker: republish if allowed, else fail as nacked. */
  void nacked(long tag, boolean multiple) {
    for (Outstanding message : outstanding.covered(tag, multiple)) {
      if (leave(message)) {
        if (message.republishes < nackRepublishes) {
          message.republishes++;
          message.returned = false;
          // not on the I/O thread that delivered the nack: publishing there could deadlock
          internal.execute(
              () -> {
                if (!send(message)) {
                  fail(message, Reason.NACKED, closedBy);
                }
              });
        } else {
          fail(message, Reason.NACKED, null);
        }
      }
    }
  }

  /**
   * {@code basic.return}: always arrives before the ack of the same message, so that message is
   * still unconfirmed: found by its sequence header if it has one, else by its key.
   */
  void returned(Return returned) {
    Map<String, Object> headers = returned.getProperties().getHeaders();
    Outstanding message =
        headers != null && headers.get(SEQUENCE_HEADER) instanceof Long sequence
            ? outstanding.get(sequence)
            : bare.get(ReturnKey.of(returned));
    if (message != null) {
      message.returned = true;
    }
  }

  /** The channel closed: every unconfirmed message has an unknown outcome. */
  void closed(ShutdownSignalException cause) {
    synchronized (publishLock) {
      closedBy = cause;
    }
    failAll(Reason.OUTCOME_UNKNOWN, cause);
  }

  /**
   * Fails every message unconfirmed for longer than the confirm timeout. The key of one sent
   * without the header stays for one more timeout: its return may still come, and must not be taken
   * for that of an identical message sent after it.
   */
  public void expire() {
    long now = System.nanoTime();
    for (Outstanding message : outstanding.all()) {
      if (now - message.deadlineNanos >= 0 && outstanding.remove(message.sequence, message)) {
        if (message.key != null && bare.get(message.key) == message) {
          lingering.incrementAndGet();
        }
        fail(message, Reason.TIMED_OUT, null);
      }
    }
    if (lingering.get() > 0) {
      for (Iterator<Outstanding> keys = bare.values().iterator(); keys.hasNext(); ) {
        if (now - keys.next().deadlineNanos - timeoutNanos >= 0) {
          keys.remove();
          lingering.decrementAndGet();
        }
      }
    }
  }

  /** Waits until no message is unconfirmed, or the deadline passes. */
  public void awaitConfirms(long deadlineNanos) throws InterruptedException {
    while (outstanding.size() > 0 && isOpen() && System.nanoTime() - deadlineNanos < 0) {
      TimeUnit.MILLISECONDS.sleep(5);
    }
  }

  private void failAll(Reason reason, Throwable cause) {
    for (Outstanding message : outstanding.all()) {
      if (leave(message)) {
        fail(message, reason, cause);
      }
    }
  }

  /**
   * Completes the futures of the messages one confirm covered, in publish order, as one task (one
   * per confirm frame, not per message).
   */
  private void succeed(List<Outstanding> confirmed) {
    complete(
        () -> {
          for (Outstanding message : confirmed) {
            message.future.complete(null); // a callback's exception stays in its own stage
          }
        },
        confirmed.size());
  }

  /** Completes futures on {@code completions}, then frees their {@code places} in the window. */
  private void complete(Runnable completion, int places) {
    Runnable releasing =
        () -> {
          try {
            completion.run();
          } finally {
            window.release(places);
          }
        };
    try {
      completions.execute(releasing);
    } catch (RejectedExecutionException e) {
      releasing.run(); // shutting down: complete here rather than never
    }
  }

  private void fail(Outstanding message, Reason reason, Throwable cause) {
    String exchange = message.exchange;
    String routingKey = message.routingKey;
    String text =
        switch (reason) {
          case NACKED -> Messages.nacked(exchange, routingKey);
          case UNROUTABLE -> Messages.unroutable(exchange, routingKey);
          case TIMED_OUT -> Messages.confirmTimedOut(exchange, routingKey, timeout);
          case OUTCOME_UNKNOWN -> Messages.outcomeUnknown(exchange, routingKey, cause);
          case NOT_SENT -> Messages.notSent(exchange, routingKey, "its channel closed first");
        };
    PublishException failure = new PublishException(reason, exchange, routingKey, text, cause);
    complete(() -> message.future.completeExceptionally(failure), 1);
  }

  /** One unconfirmed message; mutable fields are touched only while it is outstanding. */
  private static final class Outstanding {
    final String exchange;
    final String routingKey;
    final boolean mandatory;
    final AMQP.BasicProperties properties;
    final byte[] body;
    final long deadlineNanos;
    final ReturnKey key; // mandatory messages only
    final CompletableFuture<Void> future = new CompletableFuture<>();
    volatile boolean returned;
    int republishes;
    volatile long sequence; // its number on the channel, set as it is sent (again, after a nack)

    Outstanding(
        String exchange,
        String routingKey,
        boolean mandatory,
        AMQP.BasicProperties properties,
        byte[] body,
        long deadlineNanos) {
      this.exchange = exchange;
      this.routingKey = routingKey;
      this.mandatory = mandatory;
      this.properties = properties;
      this.body = body;
      this.deadlineNanos = deadlineNanos;
      this.key = mandatory ? ReturnKey.of(exchange, routingKey, properties, body) : null;
    }
  }
}
