package dev.warren.internal.settlement.execution;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.Outcome;
import dev.warren.internal.connection.ConsumerChannel;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.logging.SettlementMessages;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.settlement.ConsumerPolicy;
import dev.warren.internal.settlement.Settlement;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Carries out the settlement decision for one consumer's deliveries: the frame on the delivery's
 * own channel, a confirmed copy before the original is settled, or an in-process delay that holds
 * the original until its timer fires. Tells the consumer's {@link InFlight} where each delivery
 * goes, runs each continuation through the consumer's {@link SettlementGuard}, and reports each
 * step to its {@link SettlementListener} (telemetry's only view). One per consumer, for its
 * lifetime; the line it follows for each consumer shape is in {@link
 * dev.warren.internal.settlement.execution}.
 *
 * <p>Threads ({@code completions} here is Warren's {@code warren-internal} pool): {@link #settle}
 * runs on a worker (or, for a continuation, where it runs); a held delivery's timer fires on
 * Warren's timer, which only checks the delivery's channel and hands the copy to {@code
 * completions}; a copy's fate ({@link #copied}) is learnt on the connection's I/O thread (confirm,
 * nack, return, channel closed), on the timer (confirm timeout) or on the thread that tried to send
 * it; the pause after a failed copy ends on the timer, which hands the {@code basic.reject} to
 * {@code completions}. A dead-letter copy that replaces a copy given up is published from {@code
 * completions}, never from the I/O thread or the timer. The map of every thread is in {@link
 * dev.warren.internal}.
 *
 * <p>A delivery whose channel has closed (its connection recovered, or the channel was replaced) is
 * never copied nor settled here: the broker has delivered it again. That is not a failed copy: it
 * neither counts toward {@link CopyFailures} nor lengthens any pause.
 */
public final class SettlementExecutor {

  private static final Logger LOG = Logger.getLogger(SettlementExecutor.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);
  private static final Duration FIRST_COPY_PAUSE = Duration.ofMillis(250);
  private static final Duration LONGEST_COPY_PAUSE = Duration.ofSeconds(30);

  private final String consumer;
  private final String queue;
  private final ConsumerPolicy policy;
  private final ConsumerChannel channel;
  private final Executor completions;
  private final ScheduledExecutorService timer;
  private final InFlight inFlight;
  private final Duration consumerTimeout;
  // one limit for WARREN-035, 048 and 295: the queue type and delay settings, fixed at deployment,
  // let a consumer meet only one of them (035 quorum without a back-off, 295 quorum with one, 048
  // a classic queue's in-process hold)
  private final RateLimit delayWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit copyWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit heldGoneLines = new RateLimit(WARNING_INTERVAL);
  private final RateLimit givenUpErrors = new RateLimit(WARNING_INTERVAL);
  private final CopyFailures copyFailures = new CopyFailures();
  private final SettlementGuard guard;
  private final SettlementListener listener;

  /**
   * @param consumer the consumer's name, for messages
   * @param queue its queue, for messages
   * @param policy what settlement needs to know
   * @param channel where copies are published and confirmed
   * @param completions where a delayed copy is published when its timer fires
   * @param timer runs in-process delays
   * @param inFlight the consumer's unsettled deliveries
   * @param consumerTimeout the broker's consumer_timeout as the application declares it
   * @param guard settles what a step that runs as a continuation leaves unsettled when it throws
   * @param listener what telemetry sees of each step
   */
  public SettlementExecutor(
      String consumer,
      String queue,
      ConsumerPolicy policy,
      ConsumerChannel channel,
      Executor completions,
      ScheduledExecutorService timer,
      InFlight inFlight,
      Duration consumerTimeout,
      SettlementGuard guard,
      SettlementListener listener) {
    this.guard = guard;
    this.listener = listener;
    this.inFlight = inFlight;
    this.consumerTimeout = consumerTimeout;
    this.consumer = consumer;
    this.queue = queue;
    this.policy = policy;
    this.channel = channel;
    this.completions = completions;
    this.timer = timer;
  }

  /** Settles {@code delivery} as {@code handled}'s outcome decides. */
  public void settle(IncomingDelivery delivery, Handled handled) {
    listener.handled(delivery, handled.outcome(), handled.failure());
    Action action =
        handled.refused()
            ? Settlement.refused(delivery.rawHeaders(), handled.failure(), policy)
            : Settlement.decide(
                handled.outcome(),
                delivery.attempt(),
                delivery.rawHeaders(),
                handled.failure(),
                policy);
    if (action instanceof Action.Copy copy) {
      publishCopy(delivery, copy);
    } else if (action instanceof Action.Later later) {
      holdThenCopy(delivery, later);
    } else {
      if (action instanceof Action.Reject reject
          && reject.reason() == Action.Reason.DELAY_DISCARDED
          && delayWarnings.allow()) {
        SettlementMessages.delayDiscarded(
            LOG, consumer, queue, ((Outcome.RetryAfter) handled.outcome()).delay());
      } else if (action instanceof Action.Reject reject
          && reject.reason() == Action.Reason.DELAY_SHORTENED
          && delayWarnings.allow()) {
        SettlementMessages.delayShortened(
            LOG,
            consumer,
            queue,
            ((Outcome.RetryAfter) handled.outcome()).delay(),
            policy.delayedRetry().holdAfterReject(delivery.rawHeaders()));
      }
      settleNow(delivery, action);
    }
  }

  /** Settles on {@code completions} (off the connection's I/O thread). */
  public void settleLater(IncomingDelivery delivery, Handled handled) {
    try {
      completions.execute(
          guard.task(SettlementGuard.SETTLING_LATER, delivery, () -> settle(delivery, handled)));
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes and the broker redelivers it
      listener.abandoned(delivery, "Warren is shutting down");
      inFlight.done(delivery);
    }
  }

  /**
   * The in-process delay: the original stays unacked (holding its prefetch slot) until the timer
   * fires. If the service stops or dies first, the broker redelivers the original.
   */
  private void holdThenCopy(IncomingDelivery delivery, Action.Later later) {
    if (later.delay().compareTo(consumerTimeout) >= 0 && delayWarnings.allow()) {
      SettlementMessages.delayPastConsumerTimeout(LOG, consumer, later.delay(), consumerTimeout);
    }
    long delay = later.delay().toNanos();
    inFlight.delayed(delivery, System.nanoTime() + delay);
    listener.held(delivery);
    try {
      timer.schedule(
          guard.task(
              SettlementGuard.DELAY_ENDED,
              delivery,
              () -> {
                listener.released(delivery);
                if (!inFlight.released(delivery)) {
                  return; // the consumer closed: its channel handed the original back
                }
                if (!delivery.channelOpen()) {
                  heldChannelGone(delivery, later.copy());
                  return;
                }
                try {
                  completions.execute(
                      guard.task(
                          SettlementGuard.DELAY_ENDED,
                          delivery,
                          () -> publishCopy(delivery, later.copy())));
                } catch (RejectedExecutionException e) {
                  inFlight.done(delivery);
                }
              }),
          delay,
          TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes and the broker redelivers the original
      listener.released(delivery);
      inFlight.done(delivery);
    }
  }

  /**
   * The delay of a held delivery ended after its channel closed: the broker has delivered the
   * original again (on the recovered channel), so there is nothing to copy and nothing failed.
   */
  private void heldChannelGone(IncomingDelivery delivery, Action.Copy copy) {
    long suppressed = heldGoneLines.pass();
    if (suppressed != RateLimit.SUPPRESSED) {
      SettlementMessages.heldChannelGone(
          LOG, consumer, delivery.deliveryTag(), copy.toString(), suppressed);
    }
    listener.abandoned(delivery, "its channel closed during its in-process delay");
    inFlight.done(delivery);
  }

  /**
   * Publishes the copy on the delivery's own channel and settles the original once the broker
   * confirmed it; if it was not confirmed, the original goes back to the queue unchanged. A copy
   * given up for this message goes to the dead letter queue instead, if there is one.
   */
  private void publishCopy(IncomingDelivery delivery, Action.Copy original) {
    if (!delivery.channelOpen()) {
      // its connection recovered or the channel was replaced: the broker delivers it again
      delivery.channelGone(original.toString());
      listener.abandoned(delivery, "its channel closed before the copy was sent");
      inFlight.done(delivery);
      return;
    }
    Action.Copy copy = original;
    if (copyFailures.any(System.nanoTime())) {
      String target = targetOf(original);
      if (copyFailures.givenUp(target, messageOf(delivery, target))) {
        Action.Copy dead =
            Settlement.copyFailed(
                delivery.rawHeaders(),
                original,
                new IOException("the copy to " + target + " was given up"),
                policy);
        copy = dead == null ? original : dead;
      }
    }
    Sending sending = listener.sending(delivery, kindOf(copy), copy.exchange(), copy.routingKey());
    CompletableFuture<Void> confirmed;
    try {
      Map<String, Object> headers =
          copy.reason() == Action.Reason.DEAD_LETTER
              ? Settlement.diedAt(copy.headers(), System.currentTimeMillis())
              : copy.headers();
      AMQP.BasicProperties.Builder builder =
          delivery
              .rawProperties()
              .builder()
              .headers(headers)
              .deliveryMode(copy.persistent() ? 2 : 1);
      if (copy.expiration() != null) {
        builder.expiration(copy.expiration());
      }
      AMQP.BasicProperties properties = sending.carry(builder.build());
      confirmed =
          channel
              .copiesOn(delivery.channel())
              .publish(
                  copy.exchange(),
                  copy.routingKey(),
                  copy.mandatory(),
                  properties,
                  delivery.body());
    } catch (IOException | RuntimeException e) {
      confirmed = CompletableFuture.failedFuture(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      confirmed = CompletableFuture.failedFuture(e);
    }
    if (confirmed == null) {
      // the delivery's channel closed before the copy was sent: the broker redelivers it
      delivery.channelGone(copy.toString());
      sending.done(new IOException("the delivery's channel closed before the copy was sent"));
      listener.abandoned(delivery, "its channel closed before the copy was sent");
      inFlight.done(delivery);
      return;
    }
    Action.Copy sent = copy;
    confirmed.whenComplete(
        (ok, failure) ->
            guard.run(
                SettlementGuard.AFTER_COPY,
                delivery,
                () -> copied(delivery, sent, sending, failure)));
  }

  /** The broker confirmed the copy, or it failed. */
  private void copied(
      IncomingDelivery delivery, Action.Copy copy, Sending sending, Throwable failure) {
    // the copy's span ends inside the original's; whatever that throws, the original is settled
    guard.alongside(SettlementGuard.COPY_SPAN, delivery, () -> sending.done(failure));
    if (failure == null) {
      if (copyFailures.any(System.nanoTime())) {
        String target = targetOf(copy);
        copyFailures.succeeded(target, messageOf(delivery, target));
      }
      settleNow(
          delivery, copy.ackOriginal() ? Action.ACK : new Action.Reject(false, copy.reason()));
      return;
    }
    if (!delivery.channelOpen() && !closedByTheCopy(delivery, copy)) {
      // the connection went (or Warren closed the channel) with the copy unconfirmed: nothing is
      // known of the copy, the broker delivers the original again; not the copy's route's fault
      delivery.channelGone(copy.toString());
      inFlight.done(delivery);
      return;
    }
    // the original goes back unchanged, but not at once: a copy that can never be published
    // (its queue or route is gone) would bring it straight back, a hot loop
    String target = targetOf(copy);
    CopyFailures.Verdict verdict =
        copyFailures.failed(
            target, messageOf(delivery, target), failure.toString(), System.nanoTime());
    if (verdict.giveUp()) {
      Action.Copy dead = Settlement.copyFailed(delivery.rawHeaders(), copy, failure, policy);
      long suppressed = givenUpErrors.pass();
      if (suppressed != RateLimit.SUPPRESSED || verdict.newlyFailing()) {
        SettlementMessages.copyGivenUp(
            LOG,
            consumer,
            queue,
            copy.toString(),
            verdict.inARow(),
            failure.toString(),
            dead == null ? null : policy.deadLetter(),
            Math.max(suppressed, 0));
      }
      if (dead != null && delivery.channelOpen()) {
        deadLetterInstead(delivery, dead);
        return;
      }
    } else if (copyWarnings.allow()) {
      SettlementMessages.copyFailed(
          LOG,
          consumer,
          delivery.deliveryTag(),
          copy.toString(),
          failure.toString(),
          verdict.inARow(),
          verdict.pause());
    }
    if (delivery.channelOpen()) {
      requeueAfter(delivery, verdict.pause());
    } else {
      // the copy closed the channel (e.g. its exchange is gone): the broker delivers the
      // original again once the channel is reopened, after the consumer's own pause
      inFlight.done(delivery);
    }
  }

  /**
   * Whether the delivery's channel was closed by the broker for an error of the copy on that
   * channel (a copy to an exchange that is gone: 404 naming the copy's exchange), not by a lost
   * connection, by Warren, or by another error.
   */
  private static boolean closedByTheCopy(IncomingDelivery delivery, Action.Copy copy) {
    ShutdownSignalException reason = delivery.channel().getCloseReason();
    return reason != null
        && !reason.isHardError()
        && !reason.isInitiatedByApplication()
        && String.valueOf(reason.getMessage()).contains("exchange '" + copy.exchange() + "'");
  }

  /**
   * Publishes {@code dead}, the dead-letter copy that replaces a copy given up, from a completion
   * thread ({@link #copied} may run on the connection's I/O thread, which must not wait for room in
   * the confirm window); if that cannot be done (shutting down), the channel closes and the broker
   * delivers the original again.
   */
  private void deadLetterInstead(IncomingDelivery delivery, Action.Copy dead) {
    try {
      completions.execute(
          guard.task(SettlementGuard.AFTER_COPY, delivery, () -> publishCopy(delivery, dead)));
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes and the broker redelivers it
      inFlight.done(delivery);
    }
  }

  /** The targets whose copies fail again and again, for readiness; empty when all is well. */
  public List<String> copiesFailing() {
    return copyFailures.failing(System.nanoTime());
  }

  /** A copy's target, as said to the user. */
  private static String targetOf(Action.Copy copy) {
    return "exchange '" + copy.exchange() + "' routing key '" + copy.routingKey() + "'";
  }

  /**
   * What identifies the message of {@code delivery} across requeues, for copies to {@code target}:
   * only what a requeue leaves unchanged (never the headers, where a quorum queue counts).
   */
  private static Object messageOf(IncomingDelivery delivery, String target) {
    AMQP.BasicProperties properties = delivery.rawProperties();
    byte[] body = delivery.body();
    return List.of(
        target,
        delivery.exchange(),
        delivery.routingKey(),
        String.valueOf(properties.getMessageId()),
        String.valueOf(properties.getTimestamp()),
        body.length,
        Arrays.hashCode(body));
  }

  /**
   * The pause before the original of the {@code inARow}-th failed copy in a row goes back to its
   * queue: 250 ms, doubling up to 30 s.
   */
  static Duration copyPause(int inARow) {
    Duration pause = FIRST_COPY_PAUSE.multipliedBy(1L << Math.min(Math.max(inARow, 1) - 1, 10));
    return pause.compareTo(LONGEST_COPY_PAUSE) < 0 ? pause : LONGEST_COPY_PAUSE;
  }

  /** Holds the original unacked for {@code pause}, then returns it to its queue unchanged. */
  private void requeueAfter(IncomingDelivery delivery, Duration pause) {
    Action requeue = new Action.Reject(true, Action.Reason.COPY_FAILED);
    inFlight.paused(delivery);
    try {
      timer.schedule(
          guard.task(
              SettlementGuard.COPY_PAUSE_ENDED,
              delivery,
              () -> {
                if (inFlight.released(delivery)) {
                  // the reject is a write to the socket: on the internal pool, never the timer
                  try {
                    completions.execute(
                        guard.task(
                            SettlementGuard.COPY_PAUSE_ENDED,
                            delivery,
                            () -> settleNow(delivery, requeue)));
                  } catch (RejectedExecutionException e) {
                    settleNow(delivery, requeue); // shutting down
                  }
                } // else the consumer closed: its channel handed the original back
              }),
          pause.toMillis(),
          TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: back to the queue at once
      if (inFlight.released(delivery)) {
        settleNow(delivery, requeue);
      }
    }
  }

  private void settleNow(IncomingDelivery delivery, Action action) {
    try {
      delivery.settle(action);
    } finally {
      inFlight.done(delivery);
    }
  }

  /** What a copy is, for its span: a retry, a delayed retry or a dead letter. */
  private static SendKind kindOf(Action.Copy copy) {
    return switch (copy.reason()) {
      case DELAYED_RETRY -> SendKind.DELAY;
      case DEAD_LETTER -> SendKind.DEAD_LETTER;
      default -> SendKind.RETRY;
    };
  }
}
