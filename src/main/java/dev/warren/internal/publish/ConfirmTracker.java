package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.internal.logging.PublishingMessages;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publisher confirms on one channel. Every message published through it completes exactly once: on
 * the broker's ack (or, for a mandatory message the broker returned first, as unroutable), on a
 * nack (after at most {@code nackRepublishes} automatic republishes, each with a fresh confirm
 * timeout), on the confirm timeout, or when the channel closes with it unconfirmed (outcome
 * unknown) or still waiting for a place (not sent).
 *
 * <p>Outstanding messages are kept by 64-bit publish sequence number ({@link Unconfirmed}), so an
 * ack with {@code multiple=true} settles all of them up to its tag.
 *
 * <p>Two bounds, both {@code maxInFlight}. The <em>window</em>: at most that many messages are sent
 * and unconfirmed (SPEC 11); a message's place is freed by Warren's own thread the moment the
 * message is settled (ack, last nack, timeout, close), whatever the application's callbacks do. A
 * message that finds the window full (or others waiting before it) waits in a queue, in publish
 * order, and is sent on {@code internal} as places free. The <em>admission</em>: an application
 * thread (a handler's worker, the application's own) waits in {@link #publish} while that many of
 * its messages' stages have not completed, so that callbacks that block or lag hold such publishers
 * back instead of letting completions (and the queue) grow without bound. A thread that {@link
 * MustNotBlock} (a completion thread running a callback, {@code internal}, the timer, the I/O
 * thread) never waits for either: its message is queued if need be, and the queue holds at most
 * what those threads publish beyond the window (for callbacks, what the completing stages' own
 * callbacks publish). So no thread that frees places, completes stages or runs timeouts ever waits
 * for a place, and a callback that publishes cannot park the threads that would free one.
 *
 * <p>Per message this costs one admission permit (a CAS to take, one to give back) besides the
 * window's, a thread-local read, and nothing allocated but the message itself, unless it has to
 * wait in the queue (an {@code ArrayDeque} slot).
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
 * closes. Who runs what in a message's life (the application's {@code Publisher}; Warren's own
 * copies and replies, whose one continuation sends a settlement frame, pass a direct executor as
 * {@code completions}, and {@code warren-internal} as {@code internal}, so that a copy that waited
 * for a place is never sent on the I/O thread that freed it):
 *
 * <ol>
 *   <li>{@link #publish}: the caller's thread; it waits for admission only if it is not one that
 *       {@link MustNotBlock}; sends at once if the window has room, else queues.
 *   <li>A queued message is sent on {@code internal} ({@code warren-internal}) when a place frees.
 *   <li>{@code basic.ack}, {@code basic.nack}, {@code basic.return}, channel close: the
 *       connection's I/O thread; it settles the message, frees its window place and hands the
 *       completion to {@code completions}. It never publishes (a nacked message is republished on
 *       {@code internal}) and never runs a callback.
 *   <li>Confirm timeout: Warren's timer ({@code warren-timer}, {@link #expire}); the same steps.
 *   <li>The stage completes, and the caller's callbacks run, on {@code completions} ({@code
 *       warren-confirms}), then the admission permit is given back. Callbacks may publish (queued
 *       if need be) but must not block waiting for another Warren stage: they run on the two
 *       threads that complete every stage.
 * </ol>
 */
public final class ConfirmTracker {

  /** The header that carries a mandatory message's publish sequence number. */
  public static final String SEQUENCE_HEADER = "x-warren-publish-seq";

  private final Channel channel;
  private final Semaphore window; // places for sent, unconfirmed messages
  private final Semaphore admission; // application threads' messages whose stage is not complete
  private final ArrayDeque<Outstanding> queued = new ArrayDeque<>(); // guarded by itself
  private final AtomicInteger waiting = new AtomicInteger(); // queued, and the one being sent
  private final AtomicBoolean draining = new AtomicBoolean();
  private final Runnable drain = this::drain;
  private volatile Thread ioThread; // the last thread that brought a confirm: it must not block
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
   * @param internal runs Warren's own work (sending a message that waited for a place, republishing
   *     a nacked one), never behind the application's callbacks
   * @param completions completes the futures, and so runs the callers' callbacks; an application
   *     thread's admission permit is given back only once its message's future has completed, so
   *     that callbacks that block or lag hold such publishers back instead of queueing completions
   *     without bound (window places are freed before, as each message is settled)
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
    this.admission = new Semaphore(maxInFlight);
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
   * Publishes one message. An application thread waits while {@code maxInFlight} of its messages
   * have not completed; a thread that {@link MustNotBlock} never waits. The message is sent now if
   * the window has room and no message waits before it, else it waits in the queue and is sent on
   * {@code internal} once a place frees.
   *
   * @return the message's confirmation, or {@code null} when the channel closed before it was sent
   *     (nothing was sent: the caller may use another channel)
   * @throws InterruptedException if interrupted while waiting for admission
   */
  public CompletableFuture<Void> publish(
      String exchange,
      String routingKey,
      boolean mandatory,
      AMQP.BasicProperties properties,
      byte[] body)
      throws InterruptedException {
    boolean admitted = !MustNotBlock.here() && Thread.currentThread() != ioThread;
    if (admitted) {
      admission.acquire();
    }
    Outstanding message =
        new Outstanding(exchange, routingKey, mandatory, properties, body, admitted);
    if (waiting.get() == 0 && window.tryAcquire()) {
      if (!send(message)) {
        window.release();
        unadmit(message);
        return null;
      }
      return message.future;
    }
    if (!isOpen()) {
      unadmit(message);
      return null;
    }
    synchronized (queued) {
      queued.add(message);
      waiting.incrementAndGet();
    }
    pump(); // a place may have freed since the window was found full
    if (!isOpen()) {
      failQueued(); // the close may have come before the message was queued
    }
    return message.future;
  }

  private void unadmit(Outstanding message) {
    if (message.admitted) {
      admission.release();
    }
  }

  /** Has the queue drained on {@code internal} if a message waits and a place is free. */
  private void pump() {
    if (waiting.get() > 0 && window.availablePermits() > 0 && draining.compareAndSet(false, true)) {
      try {
        internal.execute(drain);
      } catch (RejectedExecutionException e) {
        draining.set(false);
        failQueued(); // shutting down: what waits is not sent
      }
    }
  }

  /**
   * Sends queued messages in order while the window has room; on {@code internal}, one drain at a
   * time, so that a message is counted as waiting until it is sent and none jumps ahead of it.
   */
  private void drain() {
    try {
      while (window.tryAcquire()) {
        Outstanding message;
        synchronized (queued) {
          message = queued.poll();
        }
        if (message == null) {
          window.release();
          return;
        }
        try {
          if (!send(message)) {
            window.release();
            notSent(message);
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
  private void failQueued() {
    while (true) {
      Outstanding message;
      synchronized (queued) {
        message = queued.poll();
        if (message == null) {
          return;
        }
        waiting.decrementAndGet();
      }
      notSent(message);
    }
  }

  private void notSent(Outstanding message) {
    PublishException failure =
        new PublishException(
            Reason.NOT_SENT,
            message.exchange,
            message.routingKey,
            PublishingMessages.notSent(
                message.exchange, message.routingKey, "its channel closed first"),
            closedBy);
    complete(() -> message.future.completeExceptionally(failure), message.admitted ? 1 : 0);
  }

  /** Sends {@code message} under a fresh sequence number; false if the channel was closed. */
  private boolean send(Outstanding message) {
    synchronized (publishLock) {
      if (!isOpen()) {
        return false;
      }
      long sequence = channel.getNextPublishSeqNo();
      message.sequence = sequence;
      message.deadlineNanos = System.nanoTime() + timeoutNanos; // fresh for a republish too
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
            PublishingMessages.refusedByClient(
                message.exchange, message.routingKey, cause.toString()),
            cause);
    free(1);
    complete(() -> message.future.completeExceptionally(failure), message.admitted ? 1 : 0);
    closedBy = new ShutdownSignalException(false, true, null, channel);
    closedBy.initCause(cause);
    try {
      channel.abort(AMQP.REPLY_SUCCESS, "Warren: the client refused a message on this channel");
    } catch (IOException | RuntimeException e) {
      // closed already: the same outcome
    }
    failAll(Reason.OUTCOME_UNKNOWN, closedBy);
    failQueued();
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
    rememberIoThread();
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
    rememberIoThread();
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
   * The thread that brings confirms must never wait for a place, it is the one that frees them:
   * remembered, so that a publish made on it (from a listener the application added to a channel of
   * the same connection) is never held back.
   */
  private void rememberIoThread() {
    Thread current = Thread.currentThread();
    if (ioThread != current) {
      ioThread = current;
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
    failQueued();
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

  /** Waits until no message is unconfirmed or queued, or the deadline passes. */
  public void awaitConfirms(long deadlineNanos) throws InterruptedException {
    while ((outstanding.size() > 0 || waiting.get() > 0)
        && isOpen()
        && System.nanoTime() - deadlineNanos < 0) {
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
   * Frees the places of the messages one confirm covered, then completes their futures in publish
   * order as one task (one per confirm frame, not per message).
   */
  private void succeed(List<Outstanding> confirmed) {
    int admitted = 0;
    for (Outstanding message : confirmed) {
      admitted += message.admitted ? 1 : 0;
    }
    free(confirmed.size());
    complete(
        () -> {
          for (Outstanding message : confirmed) {
            message.future.complete(null); // a callback's exception stays in its own stage
          }
        },
        admitted);
  }

  /** Frees window places of settled messages, here, and has waiting messages sent. */
  private void free(int places) {
    window.release(places);
    if (waiting.get() > 0) {
      pump();
    }
  }

  /**
   * Completes futures on {@code completions}, then gives back the {@code admitted} permits of the
   * application threads whose messages they are.
   */
  private void complete(Runnable completion, int admitted) {
    Runnable releasing =
        admitted == 0
            ? completion
            : () -> {
              try {
                completion.run();
              } finally {
                admission.release(admitted);
              }
            };
    try {
      completions.execute(releasing);
    } catch (RejectedExecutionException e) {
      releasing.run(); // shutting down: complete here rather than never
    }
  }

  /** Fails a message that holds a window place (sent, or being sent): the place is freed. */
  private void fail(Outstanding message, Reason reason, Throwable cause) {
    String exchange = message.exchange;
    String routingKey = message.routingKey;
    String text =
        switch (reason) {
          case NACKED -> PublishingMessages.nacked(exchange, routingKey);
          case UNROUTABLE -> PublishingMessages.unroutable(exchange, routingKey);
          case TIMED_OUT -> PublishingMessages.confirmTimedOut(exchange, routingKey, timeout);
          case OUTCOME_UNKNOWN -> PublishingMessages.outcomeUnknown(exchange, routingKey, cause);
          case NOT_SENT ->
              PublishingMessages.notSent(exchange, routingKey, "its channel closed first");
        };
    PublishException failure = new PublishException(reason, exchange, routingKey, text, cause);
    free(1);
    complete(() -> message.future.completeExceptionally(failure), message.admitted ? 1 : 0);
  }

  /** One unconfirmed message; mutable fields are touched only while it is outstanding. */
  private static final class Outstanding {
    final String exchange;
    final String routingKey;
    final boolean mandatory;
    final AMQP.BasicProperties properties;
    final byte[] body;
    final boolean admitted; // from an application thread, which took an admission permit
    final ReturnKey key; // mandatory messages only
    final CompletableFuture<Void> future = new CompletableFuture<>();
    volatile boolean returned;
    int republishes;
    volatile long sequence; // its number on the channel, set as it is sent (again, after a nack)
    volatile long deadlineNanos; // its confirm timeout, from when it was last sent

    Outstanding(
        String exchange,
        String routingKey,
        boolean mandatory,
        AMQP.BasicProperties properties,
        byte[] body,
        boolean admitted) {
      this.exchange = exchange;
      this.routingKey = routingKey;
      this.mandatory = mandatory;
      this.properties = properties;
      this.body = body;
      this.admitted = admitted;
      this.key = mandatory ? ReturnKey.of(exchange, routingKey, properties, body) : null;
    }
  }
}
