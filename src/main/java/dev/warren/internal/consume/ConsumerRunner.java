package dev.warren.internal.consume;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.impl.recovery.AutorecoveringChannel;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.connection.ConsumerChannel;
import dev.warren.internal.invocation.BatchInvoker;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerTimeouts;
import dev.warren.internal.model.Partition;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.ConsumerPolicy;
import dev.warren.internal.settlement.execution.DeliveryChannel;
import dev.warren.internal.settlement.execution.DeliverySource;
import dev.warren.internal.settlement.execution.InFlight;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementExecutor;
import dev.warren.internal.settlement.execution.SettlementGuard;
import dev.warren.internal.settlement.execution.SettlementListener;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * One consumer's lifecycle: subscribes through its {@link ConsumerChannel}, reopens it when the
 * broker closes it, hands deliveries to the {@link Dispatcher} of its shape, and stops. Keeps the
 * consumer's {@link ConsumerState}. Lives from application start to shutdown.
 *
 * <p>Threads: the first subscription runs on the thread that starts Warren; reopening and
 * resubscribing (broker calls that a broker which does not answer holds up to the client's RPC
 * timeout) run on Warren's broker-call threads ({@code warren-broker}), the timer only schedules
 * them, so that request timeouts, batch waits, in-process delays and confirm sweeps never wait on
 * the network, and neither does the internal pool's work (delayed copies, queued publishes). At
 * shutdown {@code WarrenRuntime} runs {@link #cancel} and {@link #closeChannel} there too and waits
 * for them no longer than its bounds.
 */
public final class ConsumerRunner {

  private static final Logger LOG = Logger.getLogger(ConsumerRunner.class.getName());

  private final ConsumerModel model;
  private final ConsumerPolicy policy;
  private final ExecutorService workers;
  private final ConsumerChannel channel;
  private final SettlementExecutor settlement;
  private final InFlight inFlight = new InFlight();
  private final Dispatcher dispatcher;
  private final DeliverySource source; // what every delivery of this consumer holds
  private final SettlementListener listener;
  private final Reopening reopening;
  private final Duration confirmTimeout;
  private volatile boolean stopped;
  private volatile ConsumerState state = ConsumerState.STARTING;
  private volatile Connection connection;
  private final PartitionWatch partition; // null unless the consumer is one partition

  /**
   * @param model the consumer
   * @param invoker calls its method, one delivery at a time
   * @param batchInvoker calls a batch consumer's method; {@code null} for other consumers
   * @param policy what settlement needs to know
   * @param confirmTimeout how long a retry or dead-letter copy may stay unconfirmed
   * @param consumerTimeout the broker's consumer_timeout as the application declares it
   * @param completions Warren's internal pool: where a delayed copy is published when its timer
   *     fires and a request whose reply failed is retried
   * @param brokerCalls where the channel is reopened and the consumer subscribes again (broker
   *     calls that may wait long for an answer), never on the timer nor the internal pool
   * @param timer runs in-process delays and batch waits, and schedules reopening
   * @param workerThreads makes the {@code concurrency} worker threads
   * @param telemetry reports its deliveries, copies and replies
   * @param topology declares the consumer's topology again, when it owns it
   */
  public ConsumerRunner(
      ConsumerModel model,
      HandlerInvoker invoker,
      BatchInvoker batchInvoker,
      ConsumerPolicy policy,
      Duration confirmTimeout,
      Duration consumerTimeout,
      Executor completions,
      Executor brokerCalls,
      ScheduledExecutorService timer,
      ThreadFactory workerThreads,
      ConsumerTelemetry telemetry,
      OwnTopology topology) {
    this.model = model;
    this.partition = model.partition().partitioned() ? new PartitionWatch() : null;
    this.policy = policy;
    this.confirmTimeout = confirmTimeout;
    this.listener =
        telemetry == ConsumerTelemetry.NONE
            ? SettlementListener.NONE
            : SettlementListener.TELEMETRY;
    this.workers =
        new ThreadPoolExecutor(
            model.concurrency(),
            model.concurrency(),
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            workerThreads);
    this.channel = new ConsumerChannel(model.name(), model.prefetch(), confirmTimeout, completions);
    SettlementGuard guard = new SettlementGuard(model.name(), model.where(), inFlight);
    this.settlement =
        new SettlementExecutor(
            model.name(),
            model.queue(),
            policy,
            channel,
            completions,
            timer,
            inFlight,
            consumerTimeout,
            guard,
            listener);
    HandlerTimeouts timeouts =
        new HandlerTimeouts(
            model.name(),
            model.where(),
            WarrenConfig.CONSUMERS_PREFIX
                + model.name()
                + "."
                + WarrenConfig.CONSUMER_HANDLER_TIMEOUT,
            model.handlerTimeout(),
            timer,
            settlement,
            inFlight,
            guard);
    Self control = new Self();
    this.reopening = new Reopening(model, channel, topology, timer, brokerCalls, control);
    if (batchInvoker != null) {
      this.dispatcher =
          new BatchDispatcher(
              model,
              batchInvoker,
              workers,
              settlement,
              inFlight,
              timeouts,
              control,
              timer,
              telemetry,
              listener,
              guard);
    } else if (model.shape().responder()) {
      this.dispatcher =
          new SingleDispatcher(
              invoker,
              workers,
              inFlight,
              timeouts,
              control,
              new ResponderReplies(
                  model.name(), model.queue(), channel, settlement, listener, guard),
              telemetry,
              listener,
              guard);
    } else {
      this.dispatcher =
          new SingleDispatcher(
              invoker,
              workers,
              inFlight,
              timeouts,
              control,
              settlement::settle,
              telemetry,
              listener,
              guard);
    }
    this.source = dispatcher.source(model.name(), model.queue());
  }

  /**
   * Opens the channel (aborting any earlier one) and subscribes: on a quorum queue of RabbitMQ 4.3
   * or later, with a handler-timeout, with {@code x-consumer-timeout} ({@link
   * ConsumerTimeouts#argumentMillis}), unless the queue refused it before.
   */
  public void start(Connection connection) throws IOException {
    this.connection = connection;
    OptionalLong sent =
        reopening.timeoutArgumentRefused()
            ? OptionalLong.empty()
            : ConsumerTimeouts.argumentMillis(
                model, BrokerVersion.of(connection.getServerProperties()), confirmTimeout);
    String withTimeout = "";
    if (sent.isPresent()) {
      try {
        subscribe(connection, arguments(Map.of(ConsumerTimeouts.ARGUMENT, (int) sent.getAsLong())));
        withTimeout = " and " + ConsumerTimeouts.ARGUMENT + " " + sent.getAsLong() + " ms";
      } catch (IOException e) {
        if (!Reopening.refusesTimeoutArgument(e)) {
          throw e;
        }
        // the queue is not a quorum queue after all (a classic one refuses it with 406): said
        // once, then without the argument, now and from now on
        reopening.timeoutArgumentRefused(e);
        subscribe(connection, arguments(Map.of()));
      }
    } else {
      subscribe(connection, arguments(Map.of()));
    }
    state(ConsumerState.CONSUMING);
    String timeoutNote = withTimeout;
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
                + model.concurrency()
                + timeoutNote);
  }

  /** {@code arguments}, and a partition's priority ({@link Partition#priority}). */
  private Map<String, Object> arguments(Map<String, Object> arguments) {
    if (!model.partition().partitioned()) {
      return arguments;
    }
    Map<String, Object> with = new HashMap<>(arguments);
    with.put(Partition.PRIORITY_ARGUMENT, model.partition().priority());
    return with;
  }

  private void subscribe(Connection connection, Map<String, Object> arguments) throws IOException {
    channel.open(
        connection,
        model.queue(),
        Subscription::new,
        cause -> reopening.closed(connection, cause),
        new Recovered(),
        arguments);
  }

  /** Where the consumer stands, with its counts; for a partition, its activity and lag too. */
  public ConsumerStatus status() {
    int unsettled = inFlight.unsettled();
    return new ConsumerStatus(
        model.name(),
        model.queue(),
        state,
        unsettled,
        inFlight.held(),
        settlement.copiesFailing(),
        partition == null ? null : partition.status(unsettled));
  }

  /** Whether this consumer is one partition of a partitioned consumer. */
  public boolean partitioned() {
    return partition != null;
  }

  /** Its queue. */
  public String queue() {
    return model.queue();
  }

  /**
   * The connection it consumes on; {@code null} before it started. For sampling its partition's
   * ready messages.
   */
  public Connection connection() {
    return connection;
  }

  /**
   * A partition's ready messages as sampled now; negative when the sample failed. On the thread
   * that sampled.
   */
  public void sampled(long readyMessages) {
    partition.sampled(readyMessages);
  }

  private void state(ConsumerState next) {
    if (!stopped || next == ConsumerState.STOPPED) {
      state = next;
    }
  }

  /**
   * Sends {@code basic.cancel}: no new deliveries, and those not started yet are never started
   * (closing the channel returns them); those in hand go on.
   */
  public void cancel() {
    drain();
    channel.cancel();
  }

  /** No delivery not started yet is ever started; no broker call. */
  public void drain() {
    inFlight.drain();
  }

  /**
   * Waits until no handler runs and no settlement is under way, and every in-process delay due by
   * the deadline has published its copy; or until the deadline passes.
   */
  public void awaitSettled(long deadlineNanos) throws InterruptedException {
    inFlight.awaitDrained(deadlineNanos);
  }

  /**
   * Stops the consumer without a broker call: from now on results and timers settle nothing, and
   * what is still unsettled goes back to the queue once {@link #closeChannel} (or the connection's
   * close) closes its channel. Then {@link #closeChannel}, then {@link #stopWorkers}.
   *
   * @param timeout the shutdown timeout, for the message when handlers still run
   */
  public void stop(Duration timeout) {
    boolean wasStopped = stopped;
    stopped = true;
    state(ConsumerState.STOPPED);
    InFlight.Left left = inFlight.close();
    int running = 0;
    int settling = 0;
    for (IncomingDelivery delivery : left.inHand()) {
      if (delivery.handBack()) {
        running++;
        listener.abandoned(delivery, "handed back at shutdown while its handler still ran");
      } else {
        settling++;
      }
    }
    if (!wasStopped) {
      if (running > 0) {
        ConsumingMessages.shutdownTimedOut(
            LOG, model.name(), model.where(), model.queue(), running, timeout);
      }
      if (left.notStarted() + left.delayed() + left.paused() + settling > 0) {
        ConsumingMessages.handedBackAtShutdown(
            LOG,
            model.name(),
            model.queue(),
            left.notStarted(),
            left.delayed(),
            left.paused() + settling,
            Attempts.serverCounts(model.queueType()));
      }
    }
  }

  /**
   * Closes the channel for good: deliveries still unsettled go back to the queue, unacked. A broker
   * call: on a broker-call thread at shutdown.
   */
  public void closeChannel() {
    channel.closeForGood();
  }

  /**
   * Interrupts handlers still running, their results ignored; called once the channel is closed (or
   * its connection is), so that a handler interrupted here finds its channel closed rather than
   * settle a delivery it did not handle.
   */
  public void stopWorkers() {
    workers.shutdownNow();
  }

  /** Fails copies unconfirmed past the confirm timeout; called periodically. */
  public void expireCopies() {
    channel.expireCopies();
  }

  /** A handler threw an Error: stop consuming and hand every unsettled delivery back. */
  private void stopAfterFatal(Throwable fatal) {
    ConsumingMessages.fatalError(LOG, fatal, model.name(), model.where(), fatal.toString());
    stopped = true;
    state(ConsumerState.STOPPED);
    inFlight.close();
    channel.cancel();
    channel.closeForGood();
    workers.shutdownNow();
  }

  /** What the dispatcher and the reopening see of this consumer. */
  private final class Self implements Dispatcher.Control, Reopening.Owner {
    @Override
    public boolean stopped() {
      return stopped;
    }

    @Override
    public void fatal(Throwable fatal) {
      stopAfterFatal(fatal);
    }

    @Override
    public void state(ConsumerState next) {
      ConsumerRunner.this.state(next);
    }

    @Override
    public void start(Connection connection) throws IOException {
      ConsumerRunner.this.start(connection);
    }

    @Override
    public Connection connection() {
      return connection;
    }
  }

  /** The client's connection recovery brought the channel back, subscription included. */
  private final class Recovered implements RecoveryListener {
    @Override
    public void handleRecovery(Recoverable recoverable) {
      state(ConsumerState.CONSUMING);
    }

    @Override
    public void handleRecoveryStarted(Recoverable recoverable) {
      state(ConsumerState.RECOVERING);
    }
  }

  /**
   * The subscription's callbacks: on the connection's reader thread ({@code InlineDispatch}), on a
   * dispatch thread when the connection is shared.
   */
  private final class Subscription extends DefaultConsumer {

    // the channel the deliveries come on now; a new one after the client's recovery made the
    // channel anew (the same subscription is consumed again there); touched only on the
    // subscription's callback thread
    private DeliveryChannel on;

    Subscription(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      if (partition != null) {
        partition.delivered();
      }
      dispatcher.dispatch(
          new IncomingDelivery(
              source,
              current(),
              envelope,
              properties,
              body,
              Attempts.of(model.queueType(), properties.getHeaders(), policy.retryCountHeader())));
    }

    /** Settle on the very channel a delivery came on, never on a recovered successor. */
    private DeliveryChannel current() {
      Channel channel = getChannel();
      Channel own =
          channel instanceof AutorecoveringChannel recovering ? recovering.getDelegate() : channel;
      DeliveryChannel known = on;
      if (known == null || known.channel() != own) {
        known = new DeliveryChannel(own);
        on = known;
      }
      return known;
    }

    @Override
    public void handleCancel(String tag) {
      DeliveryChannel cancelled = current();
      cancelled.withdraw(); // before anything else: no ack may re-activate the subscription
      InFlight.Held held = inFlight.heldOn(cancelled);
      reopening.cancelledByBroker(
          held.count(),
          held.count() == 0
              ? Duration.ZERO
              : Duration.ofNanos(System.nanoTime() - held.oldestArrivedNanos()));
    }
  }
}
