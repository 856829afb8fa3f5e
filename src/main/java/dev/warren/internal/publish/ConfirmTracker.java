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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Publisher confirms on one channel. Every message published through it completes exactly once: on
 * the broker's ack (or, for a mandatory message the broker returned first, as unroutable), on a
 * nack (after at most {@code nackRepublishes} automatic republishes, each with a fresh confirm
 * timeout), on the confirm timeout, or when the channel closes with it unconfirmed (outcome
 * unknown) or still waiting for a place (not sent).
 *
 * <p>Outstanding messages are kept by 64-bit publish sequence number ({@link ConfirmLedger}), so an
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
 * <p>The parts: {@link InFlightLimits} holds the two bounds, {@link SendQueue} the messages waiting
 * for a place, {@link ConfirmLedger} the unconfirmed ones; this class sends, settles on the
 * broker's answers and completes.
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
  private final InFlightLimits limits;
  private final SendQueue queued;
  private final ConfirmLedger outstanding;
  private final long timeoutNanos;
  private final Duration timeout;
  private final int nackRepublishes;
  private final Executor internal;
  private final Executor completions;
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
    this.limits = new InFlightLimits(maxInFlight);
    this.queued = new SendQueue(limits, internal, this::send, this::notSent);
    this.outstanding = new ConfirmLedger(maxInFlight);
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
    boolean admitted = limits.admit();
    Outstanding message =
        new Outstanding(exchange, routingKey, mandatory, properties, body, admitted);
    if (queued.isEmpty() && limits.tryPlace()) {
      if (!send(message)) {
        limits.free(1);
        unadmit(message);
        return null;
      }
      return message.future;
    }
    if (!isOpen()) {
      unadmit(message);
      return null;
    }
    queued.add(message);
    if (!isOpen()) {
      queued.failAll(); // the close may have come before the message was queued
    }
    return message.future;
  }

  private void unadmit(Outstanding message) {
    if (message.admitted) {
      limits.release(1);
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
      AMQP.BasicProperties properties = message.properties;
      if (outstanding.add(message)) {
        properties = withSequence(properties, sequence); // an identical one is in flight
      }
      try {
        channel.basicPublish(
            message.exchange, message.routingKey, message.mandatory, properties, message.body);
        return true;
      } catch (AlreadyClosedException e) {
        outstanding.leave(message);
        return false;
      } catch (IOException e) {
        // the frame may or may not have left: the shutdown that follows settles it, else we do
        if (outstanding.leave(message)) {
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
    outstanding.leave(message);
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
    queued.failAll();
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
    limits.rememberIoThread();
    Outstanding first = null; // most confirms settle one message: no list for it
    List<Outstanding> confirmed = null;
    for (Outstanding message : outstanding.covered(tag, multiple)) {
      if (outstanding.leave(message)) {
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
    limits.rememberIoThread();
    for (Outstanding message : outstanding.covered(tag, multiple)) {
      if (outstanding.leave(message)) {
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
   * still unconfirmed.
   */
  void returned(Return returned) {
    Outstanding message = outstanding.returned(returned);
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
    queued.failAll();
  }

  /**
   * Fails every message unconfirmed for longer than the confirm timeout. The key of one sent
   * without the header stays for one more timeout: its return may still come, and must not be taken
   * for that of an identical message sent after it.
   */
  public void expire() {
    long now = System.nanoTime();
    for (Outstanding message : outstanding.all()) {
      if (now - message.deadlineNanos >= 0 && outstanding.timeOut(message)) {
        fail(message, Reason.TIMED_OUT, null);
      }
    }
    outstanding.forgetLingering(now, timeoutNanos);
  }

  /** Waits until no message is unconfirmed or queued, or the deadline passes. */
  public void awaitConfirms(long deadlineNanos) throws InterruptedException {
    while ((outstanding.size() > 0 || !queued.isEmpty())
        && isOpen()
        && System.nanoTime() - deadlineNanos < 0) {
      TimeUnit.MILLISECONDS.sleep(5);
    }
  }

  private void failAll(Reason reason, Throwable cause) {
    for (Outstanding message : outstanding.all()) {
      if (outstanding.leave(message)) {
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
    limits.free(places);
    if (!queued.isEmpty()) {
      queued.pump();
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
                limits.release(admitted);
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
}
