package dev.warren.internal.runtime;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.impl.recovery.AutorecoveringChannel;
import dev.warren.Outcome;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.Settlement;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
  private static final long DELAY_WARNING_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

  private final ConsumerModel model;
  private final HandlerInvoker invoker;
  private final String retryCountHeader;
  private final ExecutorService workers;
  private final AtomicInteger unsettled = new AtomicInteger();
  private final AtomicLong lastDelayWarning =
      new AtomicLong(System.nanoTime() - DELAY_WARNING_INTERVAL_NANOS);
  private volatile boolean stopped;
  private Channel channel;
  private String consumerTag;

  ConsumerRunner(ConsumerModel model, HandlerInvoker invoker, String retryCountHeader) {
    this.model = model;
    this.invoker = invoker;
    this.retryCountHeader = retryCountHeader;
    AtomicInteger threadNumber = new AtomicInteger();
    this.workers =
        new ThreadPoolExecutor(
            model.concurrency(),
            model.concurrency(),
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread t =
                  new Thread(task, "warren-" + model.name() + "-" + threadNumber.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  /** Opens the channel and subscribes. */
  void start(Connection connection) throws IOException {
    channel = connection.createChannel();
    channel.basicQos(model.prefetch());
    consumerTag = channel.basicConsume(model.queue(), false, new Subscription(channel));
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
            Attempts.of(model.queueType(), properties.getHeaders(), retryCountHeader));
    unsettled.incrementAndGet();
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
    CompletionStage<Outcome> result;
    try {
      result = invoker.invoke(delivery);
    } catch (RuntimeException | Error unexpected) {
      // not the handler's failure (those are mapped): settle nothing, hand everything back
      stopAfterFatal(unexpected);
      return;
    }
    result.whenComplete(
        (outcome, fatal) -> {
          if (fatal != null) {
            stopAfterFatal(fatal);
          } else {
            settle(delivery, outcome);
          }
        });
  }

  private void settle(IncomingDelivery delivery, Outcome outcome) {
    try {
      Action action = Settlement.decide(outcome, model.queueType());
      if (action instanceof Action.Reject reject
          && reject.reason() == Action.Reason.DELAY_NOT_SUPPORTED) {
        warnDelayDiscarded((Outcome.RetryAfter) outcome);
      }
      delivery.settle(action);
    } finally {
      unsettled.decrementAndGet();
    }
  }

  private void warnDelayDiscarded(Outcome.RetryAfter outcome) {
    long now = System.nanoTime();
    long last = lastDelayWarning.get();
    if (now - last >= DELAY_WARNING_INTERVAL_NANOS && lastDelayWarning.compareAndSet(last, now)) {
      LOG.warning(Messages.delayNotSupported(model.name(), outcome.delay()));
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
