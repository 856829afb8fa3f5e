package dev.warren.internal.consume;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.QueueType;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.connection.ConsumerChannel;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.logging.SettlementMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerTimeouts;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Brings one consumer's subscription back when the broker takes it away: a channel the broker
 * closed is reopened after a pause; a subscription the broker cancelled (its queue was deleted) is
 * made again after pauses that double, declaring the consumer's own topology first. A quorum
 * queue's consumer that RabbitMQ 4.3 or later cancelled is first subscribed again at once, without
 * declaring anything: if that works the queue is there, so the cancel was the broker's consumer
 * timeout (said with {@code WARREN-280}); if the queue is missing it goes on as above. A lost
 * connection is the client's recovery's, not this. One per consumer, for its lifetime.
 *
 * <p>Threads: {@link #closed} runs on the client's thread that saw the channel close (the reader,
 * or the thread that closed it), {@link #cancelledByBroker} on the subscription's callback thread
 * (the reader); both only decide and schedule. The timer only hands each attempt on: reopening and
 * resubscribing are broker calls that a broker which does not answer holds up to the client's RPC
 * timeout, so they run on Warren's broker-call threads ({@code warren-broker}), never on the timer
 * nor the internal pool.
 */
final class Reopening {

  /** What reopening needs from its consumer. */
  interface Owner {
    /** Whether the consumer has stopped: then nothing is reopened. */
    boolean stopped();

    /** The consumer's state changes (ignored once it stopped). */
    void state(ConsumerState next);

    /** Opens the channel (aborting any earlier one) and subscribes. */
    void start(Connection connection) throws IOException;

    /** The connection the consumer last subscribed on. */
    Connection connection();
  }

  private static final Logger LOG = Logger.getLogger(Reopening.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);
  private static final Duration REOPEN_PAUSE = Duration.ofSeconds(1);
  private static final Duration RESUBSCRIBE_FIRST = Duration.ofSeconds(1);
  private static final Duration RESUBSCRIBE_MOST = Duration.ofSeconds(30);
  // a consumer timeout is followed by a subscription at once, at most once in this long: a
  // handler that overruns a very short timeout again and again waits REOPEN_PAUSE then
  private static final Duration AT_ONCE_INTERVAL = Duration.ofSeconds(5);

  private final ConsumerModel model;
  private final ConsumerChannel channel;
  private final OwnTopology topology;
  private final ScheduledExecutorService timer;
  private final Executor brokerCalls;
  private final Owner consumer;
  private final RateLimit reopenWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit atOnce = new RateLimit(AT_ONCE_INTERVAL);
  private volatile boolean waitingForQueue;
  private volatile boolean timeoutArgumentRefused;
  private String redeclareProblem = ""; // the last one logged, by one resubscription at a time

  /**
   * @param model the consumer
   * @param channel its channel, closed here when a reopening fails
   * @param topology declares the consumer's topology again, when it owns it
   * @param timer schedules the attempts
   * @param brokerCalls runs the attempts (broker calls that may wait long for an answer)
   * @param consumer the consumer whose subscription this brings back
   */
  Reopening(
      ConsumerModel model,
      ConsumerChannel channel,
      OwnTopology topology,
      ScheduledExecutorService timer,
      Executor brokerCalls,
      Owner consumer) {
    this.model = model;
    this.channel = channel;
    this.topology = topology;
    this.timer = timer;
    this.brokerCalls = brokerCalls;
    this.consumer = consumer;
  }

  /**
   * The consumer's channel closed. A lost connection is left to the client's recovery; a channel
   * the broker closed on its own (a channel error, for example a copy published to an exchange
   * deleted meanwhile) is reopened here, after a pause, since the client recovers channels only
   * after a lost connection; deliveries of the dead channel come again from the broker.
   */
  void closed(Connection connection, ShutdownSignalException cause) {
    if (consumer.stopped() || cause.isInitiatedByApplication() || refusesTimeoutArgument(cause)) {
      return; // a refused x-consumer-timeout: the start that sent it subscribes again without
    }
    if (waitingForQueue && !cause.isHardError()) {
      return; // a subscription attempt found no queue: the resubscription tries again itself
    }
    consumer.state(ConsumerState.RECOVERING);
    if (cause.isHardError()) {
      return;
    }
    if (String.valueOf(cause.getMessage()).contains("delivery acknowledgement on channel")) {
      // the broker's consumer_timeout: at most one per timeout, and each names a slow handler
      ConsumingMessages.channelClosedAtConsumerTimeout(
          LOG,
          model.name(),
          model.where(),
          cause.getMessage(),
          REOPEN_PAUSE,
          WarrenConfig.CONSUMERS_PREFIX
              + model.name()
              + "."
              + WarrenConfig.CONSUMER_HANDLER_TIMEOUT);
    } else if (reopenWarnings.allow()) {
      SettlementMessages.channelClosedByBroker(LOG, model.name(), cause.getMessage(), REOPEN_PAUSE);
    }
    scheduleReopen(connection);
  }

  private void scheduleReopen(Connection connection) {
    try {
      timer.schedule(
          () -> offTimer(() -> reopen(connection)), REOPEN_PAUSE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down
    }
  }

  private void reopen(Connection connection) {
    if (consumer.stopped()) {
      return;
    }
    try {
      consumer.start(connection);
    } catch (IOException | RuntimeException e) {
      if (reopenWarnings.allow()) {
        ConsumingMessages.restartFailed(LOG, e, model.name(), e.toString());
      }
      if (channel.noneOrOpen()) {
        // no channel, or one the broker did not close (so its listener will not try again)
        channel.close();
        scheduleReopen(connection);
      }
    }
  }

  /**
   * Whether the broker refused the consumer's {@code x-consumer-timeout} (a classic queue does,
   * with 406): then the consumer subscribes without it from now on.
   */
  boolean timeoutArgumentRefused() {
    return timeoutArgumentRefused;
  }

  /**
   * The broker refused the consumer's {@code x-consumer-timeout} ({@code failure}): said once
   * ({@code WARREN-281}); the consumer subscribes without it from now on.
   */
  void timeoutArgumentRefused(IOException failure) {
    if (timeoutArgumentRefused) {
      return;
    }
    timeoutArgumentRefused = true;
    String reason = failure.getMessage();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ShutdownSignalException signal) {
        reason = signal.getMessage();
      }
    }
    ConsumingMessages.timeoutArgumentRefused(
        LOG, model.name(), model.where(), model.queue(), String.valueOf(reason));
  }

  /**
   * Whether {@code failure} (or what caused it) is the broker refusing {@code x-consumer-timeout}.
   */
  static boolean refusesTimeoutArgument(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ShutdownSignalException signal
          && !signal.isHardError()
          && String.valueOf(signal.getMessage()).contains(ConsumerTimeouts.ARGUMENT)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The broker cancelled the subscription. Nothing more is settled on its channel (done by the
   * subscription before this). On a quorum queue of RabbitMQ 4.3 or later it subscribes again at
   * once (a consumer timeout, if the queue is there); otherwise, and when that finds no queue, as
   * after a deleted queue ({@link #queueGone}).
   *
   * @param held how many deliveries the consumer held unsettled on the cancelled channel
   * @param oldest how long the oldest of them had been held
   */
  void cancelledByBroker(int held, Duration oldest) {
    if (consumer.stopped()) {
      return;
    }
    waitingForQueue = true;
    Connection connection = consumer.connection();
    BrokerVersion version =
        connection == null
            ? BrokerVersion.UNKNOWN
            : BrokerVersion.of(connection.getServerProperties());
    if (model.queueType() == QueueType.QUORUM && ConsumerTimeouts.cancelsConsumers(version)) {
      consumer.state(ConsumerState.RECOVERING);
      Duration pause = atOnce.allow() ? Duration.ZERO : REOPEN_PAUSE;
      try {
        timer.schedule(
            () -> offTimer(() -> afterTimeout(version, held, oldest, pause)),
            pause.toMillis(),
            TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException e) {
        // shutting down
      }
      return;
    }
    queueGone();
  }

  /**
   * The first attempt after a 4.3 quorum queue's cancel: subscribing again without declaring
   * anything tells whether the queue is there (a consumer timeout) or not (deleted).
   */
  private void afterTimeout(BrokerVersion version, int held, Duration oldest, Duration pause) {
    if (consumer.stopped()) {
      return;
    }
    try {
      consumer.start(consumer.connection());
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "consumer '" + model.name() + "' found no queue after a cancel", e);
      queueGone();
      return;
    }
    waitingForQueue = false;
    ConsumingMessages.cancelledAtConsumerTimeout(
        LOG,
        model.name(),
        model.where(),
        model.queue(),
        version.text(),
        held,
        oldest,
        pause,
        WarrenConfig.CONSUMERS_PREFIX + model.name() + "." + WarrenConfig.CONSUMER_HANDLER_TIMEOUT,
        !model.handlerTimeout().isZero());
  }

  /**
   * The queue is gone (deleted, or a node holding it went away): subscribe again on a fresh
   * channel, after pauses that double from 1 s up to 30 s, until the queue is back; a consumer that
   * owns its topology declares it again before each attempt.
   */
  private void queueGone() {
    if (consumer.stopped()) {
      return;
    }
    waitingForQueue = true;
    consumer.state(ConsumerState.WAITING_FOR_QUEUE);
    ConsumingMessages.cancelledByBroker(
        LOG,
        model.name(),
        model.queue(),
        RESUBSCRIBE_FIRST,
        RESUBSCRIBE_MOST,
        model.declareTopology());
    scheduleResubscribe(RESUBSCRIBE_FIRST);
  }

  private void scheduleResubscribe(Duration pause) {
    try {
      timer.schedule(
          () -> offTimer(() -> resubscribe(pause)), pause.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down
    }
  }

  /** Runs {@code calls} on {@code brokerCalls}: the timer never waits on the network. */
  private void offTimer(Runnable calls) {
    try {
      brokerCalls.execute(calls);
    } catch (RejectedExecutionException e) {
      // shutting down
    }
  }

  private void resubscribe(Duration pause) {
    if (consumer.stopped()) {
      return;
    }
    if (model.declareTopology()) {
      redeclare();
    }
    try {
      consumer.start(consumer.connection());
      waitingForQueue = false;
      ConsumingMessages.subscribedAgain(LOG, model.name(), model.queue());
    } catch (IOException | RuntimeException e) {
      consumer.state(ConsumerState.WAITING_FOR_QUEUE);
      LOG.log(Level.FINE, "consumer '" + model.name() + "' found no queue yet", e);
      Duration next = pause.multipliedBy(2);
      scheduleResubscribe(next.compareTo(RESUBSCRIBE_MOST) > 0 ? RESUBSCRIBE_MOST : next);
    }
  }

  /** Declares the consumer's topology again; a problem is logged once, until it changes. */
  private void redeclare() {
    List<String> problems = topology.declare(consumer.connection(), model);
    String problem = String.join("; ", problems);
    if (!problem.isEmpty() && !problem.equals(redeclareProblem)) {
      ConsumingMessages.redeclareFailed(
          LOG, model.name(), model.where(), "the broker cancelled its subscription", problem);
    }
    redeclareProblem = problem;
  }
}
