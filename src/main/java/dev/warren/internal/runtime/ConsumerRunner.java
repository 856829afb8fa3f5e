package dev.warren.internal.runtime;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.recovery.AutorecoveringChannel;
import dev.warren.Outcome;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.invocation.BatchInvoker;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.publish.ConfirmTracker;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.ConsumerPolicy;
import dev.warren.internal.settlement.Settlement;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one consumer: its own channel with {@code basic.qos(prefetch)}, a manual-ack subscription,
 * and {@code concurrency} worker threads (one thread handles deliveries one at a time, in order).
 * Each delivery is settled by the frame the settlement decision gives for its outcome, on the
 * channel it came on. Lives from application start to shutdown.
 */
final class ConsumerRunner {

  private static final Logger LOG = Logger.getLogger(ConsumerRunner.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);
  private static final Duration BROKER_CONSUMER_TIMEOUT = Duration.ofMinutes(30);
  private static final Duration REOPEN_PAUSE = Duration.ofSeconds(1);

  private final ConsumerModel model;
  private final HandlerInvoker invoker;
  private final ConsumerPolicy policy;
  private final Duration confirmTimeout;
  private final Executor completions;
  private final ScheduledExecutorService timer;
  private final ExecutorService workers;
  private final AtomicInteger unsettled = new AtomicInteger();
  private final RateLimit delayWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit copyWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit reopenWarnings = new RateLimit(WARNING_INTERVAL);
  private volatile boolean stopped;
  private volatile Channel channel;
  private String consumerTag;
  private ConfirmTracker copies;
  // batch consumers only
  private BatchInvoker batchInvoker;
  private BatchCollector<IncomingDelivery> batches;
  // responders only
  private ReplySender replies;

  /**
   * @param model the consumer
   * @param invoker calls its method
   * @param policy what settlement needs to know
   * @param confirmTimeout how long a retry or dead-letter copy may stay unconfirmed
   * @param completions where a delayed copy is published when its timer fires, and a request whose
   *     reply failed is retried
   * @param timer runs in-process delays
   * @param workerThreads makes the {@code concurrency} worker threads
   */
  ConsumerRunner(
      ConsumerModel model,
      HandlerInvoker invoker,
      ConsumerPolicy policy,
      Duration confirmTimeout,
      Executor completions,
      ScheduledExecutorService timer,
      ThreadFactory workerThreads) {
    this.model = model;
    this.invoker = invoker;
    this.policy = policy;
    this.confirmTimeout = confirmTimeout;
    this.completions = completions;
    this.timer = timer;
    this.workers =
        new ThreadPoolExecutor(
            model.concurrency(),
            model.concurrency(),
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            workerThreads);
  }

  /** Opens the channel and subscribes. */
  void start(Connection connection) throws IOException {
    channel = null;
    Channel opened = connection.createChannel();
    channel = opened;
    opened.addShutdownListener(cause -> closedByBroker(connection, cause));
    opened.basicQos(model.prefetch());
    consumerTag = opened.basicConsume(model.queue(), false, new Subscription(opened));
    LOG.info(
        () ->
            "consumer '"
                + model.name()
                + "' ("
                + model.where()
                + ") consumes queue '"
                + model.queue()
                + "' with prefetch "
                + model.prefetch()
                + " and concurrency "
                + model.concurrency());
  }

  /**
   * The broker closed this consumer's channel on its own (a channel error, for example a copy
   * published to an exchange deleted meanwhile). The client recovers channels only after a lost
   * connection, so the consumer reopens its channel itself, after a pause; deliveries of the dead
   * channel come again from the broker. Connection losses are left to the client's recovery.
   */
  private void closedByBroker(Connection connection, ShutdownSignalException cause) {
    if (stopped || cause.isHardError() || cause.isInitiatedByApplication()) {
      return;
    }
    if (reopenWarnings.allow()) {
      LOG.warning(Messages.channelClosedByBroker(model.name(), cause.getMessage(), REOPEN_PAUSE));
    }
    scheduleReopen(connection);
  }

  private void scheduleReopen(Connection connection) {
    try {
      timer.schedule(() -> reopen(connection), REOPEN_PAUSE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down
    }
  }

  private void reopen(Connection connection) {
    if (stopped) {
      return;
    }
    try {
      start(connection);
    } catch (IOException | RuntimeException e) {
      if (reopenWarnings.allow()) {
        LOG.log(Level.WARNING, Messages.startFailed(model.name(), e.toString()), e);
      }
      Channel failed = channel;
      if (failed == null || failed.isOpen()) {
        // no channel, or one the broker did not close (so its listener will not try again)
        closeChannel();
        scheduleReopen(connection);
      }
    }
  }

  /** Sends {@code basic.cancel}: no new deliveries; those in flight go on. */
  void cancel() {
    if (channel == null || consumerTag == null || !channel.isOpen()) {
      return;
    }
    try {
      channel.basicCancel(consumerTag);
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "basic.cancel of consumer '" + model.name() + "' failed", e);
    }
  }

  /** Waits until every delivery in flight is settled, or the deadline passes. */
  void awaitSettled(long deadlineNanos) throws InterruptedException {
    if (batches != null) {
      batches.flush(); // cancelled: no more deliveries come, so a partial batch need not wait
    }
    while (unsettled.get() > 0 && !stopped && System.nanoTime() - deadlineNanos < 0) {
      Thread.sleep(5);
    }
  }

  /**
   * Closes the channel: deliveries still unsettled go back to the queue, unacked.
   *
   * @param timeout the shutdown timeout, for the message when deliveries are still unsettled
   */
  void close(Duration timeout) {
    int left = unsettled.get();
    if (left > 0 && !stopped) {
      LOG.warning(Messages.shutdownTimedOut(model.name(), left, timeout));
    }
    stopped = true;
    // close first: a handler interrupted below may still return an outcome, and it must find
    // its channel closed rather than settle a delivery it did not handle
    closeChannel();
    workers.shutdownNow();
  }

  private void closeChannel() {
    if (channel != null && channel.isOpen()) {
      try {
        channel.close();
      } catch (IOException | TimeoutException | RuntimeException e) {
        LOG.log(Level.FINE, "closing the channel of consumer '" + model.name() + "' failed", e);
      }
    }
  }

  private void dispatch(
      Channel deliveryChannel, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    IncomingDelivery delivery =
        new IncomingDelivery(
            model.name(),
            model.queue(),
            deliveryChannel,
            envelope,
            properties,
            body,
            Attempts.of(model.queueType(), properties.getHeaders(), policy.retryCountHeader()));
    unsettled.incrementAndGet();
    if (batches != null) {
      batches.add(delivery);
      return;
    }
    try {
      workers.execute(() -> handle(delivery));
    } catch (RejectedExecutionException e) {
      unsettled.decrementAndGet(); // stopping: the channel closes and the broker redelivers it
    }
  }

  private void handle(IncomingDelivery delivery) {
    if (stopped || !delivery.channelOpen()) {
      // its channel is gone: the broker redelivers it, so handling it now would only duplicate
      unsettled.decrementAndGet();
      LOG.fine(() -> "not handling " + delivery + ": its channel has closed");
      return;
    }
    CompletionStage<Handled> result;
    try {
      result = invoker.invoke(delivery);
    } catch (RuntimeException | Error unexpected) {
      // not the handler's failure (those are mapped): settle nothing, hand everything back
      stopAfterFatal(unexpected);
      return;
    }
    result.whenComplete(
        (handled, fatal) -> {
          if (fatal != null) {
            stopAfterFatal(fatal);
          } else {
            settleOrReply(delivery, handled);
          }
        });
  }

  private void settle(IncomingDelivery delivery, Handled handled) {
    Action action =
        Settlement.decide(
            handled.outcome(), delivery.attempt(), delivery.headers(), handled.failure(), policy);
    if (action instanceof Action.Copy copy) {
      publishCopy(delivery, copy);
    } else if (action instanceof Action.Later later) {
      holdThenCopy(delivery, later);
    } else {
      if (action instanceof Action.Reject reject
          && reject.reason() == Action.Reason.DELAY_DISCARDED
          && delayWarnings.allow()) {
        LOG.warning(
            Messages.delayDiscarded(
                model.name(), model.queue(), ((Outcome.RetryAfter) handled.outcome()).delay()));
      }
      try {
        delivery.settle(action);
      } finally {
        unsettled.decrementAndGet();
      }
    }
  }

  /**
   * The in-process delay: the original stays unacked (holding its prefetch slot) until the timer
   * fires. If the service stops or dies first, the broker redelivers the original.
   */
  private void holdThenCopy(IncomingDelivery delivery, Action.Later later) {
    if (later.delay().compareTo(BROKER_CONSUMER_TIMEOUT) >= 0 && delayWarnings.allow()) {
      LOG.warning(Messages.delayPastConsumerTimeout(model.name(), later.delay()));
    }
    try {
      timer.schedule(
          () -> completions.execute(() -> publishCopy(delivery, later.copy())),
          later.delay().toNanos(),
          TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: the channel closes and the broker redelivers the original
      unsettled.decrementAndGet();
    }
  }

  /**
   * Publishes the copy on the delivery's own channel and settles the original once the broker
   * confirmed it; if it was not confirmed, the original goes back to the queue unchanged.
   */
  private void publishCopy(IncomingDelivery delivery, Action.Copy copy) {
    CompletableFuture<Void> confirmed;
    try {
      AMQP.BasicProperties.Builder builder =
          delivery
              .properties()
              .builder()
              .headers(copy.headers())
              .deliveryMode(copy.persistent() ? 2 : 1);
      if (copy.expiration() != null) {
        builder.expiration(copy.expiration());
      }
      AMQP.BasicProperties properties = builder.build();
      confirmed =
          copiesOn(delivery.channel())
              .publish(copy.exchange(), copy.routingKey(), true, properties, delivery.body());
    } catch (IOException | RuntimeException e) {
      confirmed = CompletableFuture.failedFuture(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      confirmed = CompletableFuture.failedFuture(e);
    }
    if (confirmed == null) {
      // the delivery's channel closed before the copy was sent: the broker redelivers it
      LOG.warning(Messages.channelGone(model.name(), delivery.deliveryTag(), copy.toString()));
      unsettled.decrementAndGet();
      return;
    }
    confirmed.whenComplete(
        (ok, failure) -> {
          try {
            if (failure == null) {
              delivery.settle(
                  copy.ackOriginal() ? Action.ACK : new Action.Reject(false, copy.reason()));
            } else {
              if (copyWarnings.allow()) {
                LOG.warning(
                    Messages.copyFailed(
                        model.name(), delivery.deliveryTag(), copy.toString(), failure.toString()));
              }
              delivery.settle(new Action.Reject(true, Action.Reason.COPY_FAILED));
            }
          } finally {
            unsettled.decrementAndGet();
          }
        });
  }

  /**
   * Copies and replies are confirmed on the delivery's channel; a recovered channel gets a new
   * tracker. A confirmation completes right on the thread that brings it (usually the connection's
   * I/O thread), not on {@code completions}: what runs then is only the settlement of the original
   * or the request ({@link #publishCopy}, {@link #settleOrReply}), one non-blocking frame on the
   * same channel, as hand-written client code would send it from its confirm listener; it saves a
   * thread hand-off per copy or reply.
   */
  private synchronized ConfirmTracker copiesOn(Channel own) throws IOException {
    if (copies == null || copies.channel() != own) {
      copies = new ConfirmTracker(own, model.prefetch(), confirmTimeout, 0, Runnable::run);
    }
    return copies;
  }

  /** Fails copies unconfirmed past the confirm timeout; called periodically. */
  void expireCopies() {
    ConfirmTracker current;
    synchronized (this) {
      current = copies;
    }
    if (current != null) {
      current.expire();
    }
  }

  /** A handler threw an Error: stop consuming and hand every unsettled delivery back. */
  private void stopAfterFatal(Throwable fatal) {
    LOG.log(
        Level.SEVERE, Messages.fatalError(model.name(), model.where(), fatal.toString()), fatal);
    stopped = true;
    cancel();
    closeChannel();
    workers.shutdownNow();
  }

  /** Makes this a batch consumer's runner; call before {@link #start}. */
  void batching(BatchInvoker invoker, ScheduledExecutorService timer) {
    this.batchInvoker = invoker;
    this.batches =
        new BatchCollector<>(model.batchSize(), model.batchWait(), timer, this::queueBatch);
  }

  /**
   * Makes this a responder's runner; call before {@link #start}. Replies go out on the request's
   * own channel through the copies' tracker: confirmed, and the request settled on the thread that
   * brings the confirm, as a copy's original is.
   */
  void replying() {
    this.replies =
        new ReplySender(
            model.name(),
            model.queue(),
            (request, replyTo, properties, body) ->
                copiesOn(((IncomingDelivery) request).channel())
                    .publish("", replyTo, false, properties, body));
  }

  /** A batch is complete: queue it for the workers (called by the collector, must not block). */
  private void queueBatch(List<IncomingDelivery> batch) {
    try {
      workers.execute(() -> handleBatch(batch));
    } catch (RejectedExecutionException e) {
      // stopping: the channel closes and the broker redelivers them
      unsettled.addAndGet(-batch.size());
    }
  }

  /**
   * Calls the method once for the batch, then settles each delivery through the same path as a
   * single delivery, in the batch's order: one frame per delivery, caps per delivery.
   */
  private void handleBatch(List<IncomingDelivery> batch) {
    List<IncomingDelivery> live = new ArrayList<>(batch.size());
    for (IncomingDelivery delivery : batch) {
      if (stopped || !delivery.channelOpen()) {
        // its channel is gone: the broker redelivers it, so handling it now would only duplicate
        unsettled.decrementAndGet();
        LOG.fine(() -> "not handling " + delivery + ": its channel has closed");
      } else {
        live.add(delivery);
      }
    }
    if (live.isEmpty()) {
      return;
    }
    CompletionStage<List<Handled>> result;
    try {
      result = batchInvoker.invoke(live);
    } catch (RuntimeException | Error unexpected) {
      stopAfterFatal(unexpected);
      return;
    }
    result.whenComplete(
        (handled, fatal) -> {
          if (fatal != null) {
            stopAfterFatal(fatal);
            return;
          }
          for (int i = 0; i < live.size(); i++) {
            settle(live.get(i), handled.get(i));
          }
        });
  }

  /**
   * A responder's reply is published first; the request is settled as that went. A confirmed reply
   * acks the request right where the confirm arrived; a failed one retries it on {@code
   * completions}, since a retry may publish a copy and wait for room, which must not happen on the
   * connection's I/O thread (it brings the confirms that make room).
   */
  private void settleOrReply(IncomingDelivery delivery, Handled handled) {
    if (handled.reply() == null || replies == null) {
      settle(delivery, handled);
      return;
    }
    replies
        .send(delivery, handled)
        .whenComplete(
            (settled, failure) -> {
              if (settled != null && settled.outcome() instanceof Outcome.Ack) {
                settle(delivery, settled);
                return;
              }
              Handled retry = settled != null ? settled : new Handled(Outcome.retry(), failure);
              try {
                completions.execute(() -> settle(delivery, retry));
              } catch (RejectedExecutionException e) {
                // shutting down: the channel closes and the broker redelivers the request
                unsettled.decrementAndGet();
              }
            });
  }

  /** The subscription's callbacks, on the client's dispatch thread. */
  private final class Subscription extends DefaultConsumer {

    Subscription(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      // settle on the very channel this delivery came on, never on a recovered successor
      Channel current = getChannel();
      Channel own =
          current instanceof AutorecoveringChannel recovering ? recovering.getDelegate() : current;
      dispatch(own, envelope, properties, body);
    }

    @Override
    public void handleCancel(String tag) {
      LOG.warning(Messages.cancelledByBroker(model.name(), model.queue()));
    }
  }
}
