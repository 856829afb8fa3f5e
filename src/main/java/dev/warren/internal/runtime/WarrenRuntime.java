package dev.warren.internal.runtime;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.connection.Connections;
import dev.warren.internal.connection.UnreadableFrames;
import dev.warren.internal.consume.ConsumerRunner;
import dev.warren.internal.consume.ConsumerState;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.consume.OwnTopology;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.invocation.BatchInvoker;
import dev.warren.internal.invocation.BeanTarget;
import dev.warren.internal.invocation.FailureMapping;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.logging.ServerMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerTimeouts;
import dev.warren.internal.publish.ConfirmingPublisher;
import dev.warren.internal.publish.MustNotBlock;
import dev.warren.internal.reply.DirectReplyRequester;
import dev.warren.internal.telemetry.Telemetry;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.io.IOException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Warren's lifecycle and wiring: Warren's threads, the application's {@link Connections}, its
 * consumers (a {@link ConsumerRunner} each), its publisher and requester. Created at deployment
 * validation (which opens a connection to check the broker), started once the application scope is
 * up, stopped before it goes down: cancel every consumer, let in-flight deliveries settle within
 * the shutdown timeout, then close channels and the connections.
 *
 * <p>Threads: {@link #start} runs on the thread that starts the application, {@link #stop} on the
 * one that stops it; the health checks' reads ({@link #running}, {@link #connected}, {@link
 * #consumers}, {@link #publisherUnconfirmed}) run on the probe's thread and never wait. The thread
 * map of everything it starts is in {@link dev.warren.internal}.
 */
public final class WarrenRuntime {

  private static final Logger LOG = Logger.getLogger(WarrenRuntime.class.getName());

  /**
   * How long closing the channels and connections may take after the shutdown timeout (a broker
   * that answers takes milliseconds).
   */
  static final long CLOSING_MILLIS = 5_000;

  private final GlobalSettings settings;
  private final Codec codec;
  private final ThreadSource threads;
  private final Telemetry telemetry;
  private final List<ConsumerRunner> runners = new CopyOnWriteArrayList<>();
  private final List<CreationalContext<?>> contexts = new ArrayList<>();
  // this runtime's monitor is held across opening a connection and starting the consumers: what
  // health checks read ({@link #running}, {@link #connected}, {@link #publisherUnconfirmed}) is
  // volatile or concurrent and read without it, so that a broker that does not answer never holds a
  // probe
  private final Connections connections;
  private final Map<ConsumerRunner, UnreadableFrames> watchOfRunner = new ConcurrentHashMap<>();
  private volatile ConfirmingPublisher publisher;
  private DirectReplyRequester requester;
  // threads start only when first used. Application callbacks run where the application's stages
  // complete (completions), where a reply is also decoded just before its stage completes; Warren's
  // own work (delayed copies, retries after failed replies, republishing nacked messages, sending
  // publishes that waited for a window place) runs on internal, never behind them. Window places
  // are freed by the I/O thread that brings the confirm, never by completions: a callback that
  // blocks holds back only application threads' publishes (see ConfirmTracker)
  private final ExecutorService internal;
  // broker calls that may wait for an answer (up to the client's RPC timeout) and must wait on no
  // thread above: a consumer's reopening and resubscription, shutdown's cancels and closes, and the
  // first exchange check or channel opening of a publish or request made from a callback. A thread
  // per call at most, so that one unanswered call holds back no other work
  private final ExecutorService brokerCalls;
  private final ExecutorService completions;
  private final ScheduledExecutorService timer;
  private volatile boolean started;
  private volatile boolean stopped;
  private volatile QueueDepths depths; // only with partitions or dead letter queues

  /**
   * @param settings the application-wide settings
   * @param codec the payload codec, {@code null} when none is available
   * @param threads where Warren's threads (and the client's) come from
   * @param telemetry what publishes, deliveries and recoveries are reported to
   */
  public WarrenRuntime(
      GlobalSettings settings, Codec codec, ThreadSource threads, Telemetry telemetry) {
    this.settings = settings;
    this.codec = codec;
    this.threads = threads;
    // none of these three may ever wait for a publishing window: they free its places, complete
    // stages and run timeouts (MustNotBlock); a publish made on one is queued if need be
    this.internal =
        Executors.newFixedThreadPool(2, MustNotBlock.marking(threads.named("warren-internal")));
    this.brokerCalls =
        Executors.newCachedThreadPool(MustNotBlock.marking(threads.named("warren-broker")));
    this.telemetry = telemetry;
    this.completions =
        Executors.newFixedThreadPool(2, MustNotBlock.marking(threads.named("warren-confirms")));
    this.timer = Timers.single(MustNotBlock.marking(threads.named("warren-timer")));
    this.connections =
        new Connections(
            settings.connection(),
            internal,
            timer,
            threads::named,
            threads.isManaged(),
            telemetry == Telemetry.NONE ? null : telemetry::recovered);
  }

  /**
   * A connection factory with the application's settings: automatic recovery, the client's error
   * reports in Warren's log and, on a server, the client's threads from the managed thread factory.
   */
  public ConnectionFactory connectionFactory() {
    return connections.connectionFactory();
  }

  /**
   * The connection for publishing and requests: {@link Connections#connection()}.
   *
   * @throws IOException when the broker cannot be reached or refuses the login
   * @throws TimeoutException when the broker does not answer in time
   */
  public Connection connection() throws IOException, TimeoutException {
    return connections.connection();
  }

  /**
   * The consumers' connection: {@link Connections#consumerConnection()}.
   *
   * @throws IOException when the broker cannot be reached or refuses the login
   * @throws TimeoutException when the broker does not answer in time
   */
  public Connection consumerConnection() throws IOException, TimeoutException {
    return connections.consumerConnection();
  }

  /**
   * A throwaway connection without recovery, for declares that can kill a connection (an exchange
   * type the broker does not know).
   */
  public Connection probe() throws IOException, TimeoutException {
    return connections.probe();
  }

  /** The payload codec: the application's, else JSON-B; {@code null} when neither exists. */
  public Codec codec() {
    return codec;
  }

  /** The application's publisher, created on first use. */
  public synchronized ConfirmingPublisher publisher() {
    if (stopped) {
      throw new IllegalStateException("Warren has shut down; its publisher is closed");
    }
    if (publisher == null) {
      publisher =
          new ConfirmingPublisher(
              connections::connection,
              settings.publisher(),
              codec,
              internal,
              completions,
              brokerCalls,
              telemetry);
      long sweep = sweepMillis(settings.publisher().confirmTimeout());
      timer.scheduleWithFixedDelay(publisher::expire, sweep, sweep, TimeUnit.MILLISECONDS);
    }
    return publisher;
  }

  /** The application's requester, created on first use. */
  public synchronized DirectReplyRequester requester() {
    if (stopped) {
      throw new IllegalStateException("Warren has shut down; its requester is closed");
    }
    if (requester == null) {
      requester =
          new DirectReplyRequester(
              connections::connection,
              connections::requestChannel,
              codec,
              completions,
              brokerCalls,
              timer,
              telemetry);
    }
    return requester;
  }

  /**
   * Whether the application's connections are open: at least one was opened, and none is closed or
   * recovering. From state only, never waiting (health checks).
   */
  public boolean connected() {
    return connections.connected();
  }

  /** Whether the consumers were started and Warren has not shut down; never waits. */
  public boolean running() {
    return started && !stopped;
  }

  /** How often unconfirmed messages are checked against the confirm timeout. */
  private static long sweepMillis(Duration confirmTimeout) {
    return Math.max(10, Math.min(1000, confirmTimeout.toMillis() / 10));
  }

  /**
   * Starts every enabled consumer, once: an EAR's modules each announce their application scope,
   * and only the first starts anything. Models have passed validation.
   *
   * @param requestScopeUsed whether the application could notice the request context around each
   *     call (a {@code @RequestScoped} bean or an observer of its events); without, no call
   *     activates it
   */
  public synchronized void start(
      List<ConsumerModel> models, BeanManager beanManager, boolean requestScopeUsed)
      throws IOException, TimeoutException {
    if (started || stopped) {
      return;
    }
    started = true;
    telemetry.start(timer, internal);
    if (threads.isManaged()) {
      ServerMessages.threadsChosen(LOG, threads.description());
    }
    FailureMapping failures = failureMapping(beanManager);
    boolean perConsumer = settings.connection().perConsumer();
    OwnTopology shared = null; // by role or shared: one for the consumers' connection
    Instance<RequestContextController> requestContexts =
        requestScopeUsed
            ? beanManager.createInstance().select(RequestContextController.class)
            : null;
    for (ConsumerModel model : models) {
      if (!model.enabled()) {
        continue;
      }
      Connection connection = connections.consumerConnection(model.name());
      if (!perConsumer && shared == null) {
        shared = ownTopology(models, connection);
      }
      OwnTopology topology = perConsumer ? ownTopology(List.of(model), connection) : shared;
      Bean<?> bean = model.bean();
      CreationalContext<?> context = beanManager.createCreationalContext(bean);
      contexts.add(context);
      BeanTarget target = BeanTarget.of(beanManager, bean, context);
      HandlerInvoker invoker =
          new HandlerInvoker(
              model,
              target,
              PayloadDecoder.of(model.shape().payloadType(), codec),
              failures,
              requestContexts,
              codec);
      BatchInvoker batchInvoker =
          model.batched()
              ? new BatchInvoker(
                  model,
                  target,
                  PayloadDecoder.of(model.shape().payloadType(), codec),
                  failures,
                  requestContexts)
              : null;
      ConsumerRunner runner =
          new ConsumerRunner(
              model,
              invoker,
              batchInvoker,
              model.policy(settings.retryCountHeader()),
              settings.publisher().confirmTimeout(),
              nodeConsumerTimeout(model, connection),
              internal,
              brokerCalls,
              timer,
              threads.named("warren-" + model.name()),
              telemetry.consumer(model.name(), model.queue()),
              topology);
      runners.add(runner);
      UnreadableFrames frames = connections.watchOf(connection);
      if (frames != null) {
        frames.consumer(model.name(), model.queue());
        watchOfRunner.put(runner, frames);
      }
      long sweep = sweepMillis(settings.publisher().confirmTimeout());
      timer.scheduleWithFixedDelay(runner::expireCopies, sweep, sweep, TimeUnit.MILLISECONDS);
      try {
        runner.start(connection);
      } catch (IOException | RuntimeException e) {
        ConsumingMessages.startFailed(LOG, e, model.name(), e.toString());
        throw e;
      }
    }
    depths = QueueDepths.watch(runners, models, brokerCalls, timer, telemetry);
  }

  /**
   * The broker's consumer_timeout as {@code model}'s in-process delays meet it (WARREN-048): none
   * for a classic queue from RabbitMQ 4.3 on, whose consumers never time out.
   */
  private Duration nodeConsumerTimeout(ConsumerModel model, Connection connection) {
    return ConsumerTimeouts.timesOut(
            model.queueType(), BrokerVersion.of(connection.getServerProperties()))
        ? settings.brokerConsumerTimeout()
        : ChronoUnit.FOREVER.getDuration(); // no delay is that long: never warned about
  }

  /**
   * What Warren declares again after each recovery of {@code connection}: the topology of those of
   * {@code models} that are enabled and own it.
   */
  private OwnTopology ownTopology(List<ConsumerModel> models, Connection connection) {
    OwnTopology topology =
        new OwnTopology(
            models.stream().filter(m -> m.enabled() && m.declareTopology()).toList(),
            this::probe,
            settings.connection().virtualHost(),
            settings.connection().username());
    if (topology.any() && connection instanceof Recoverable recoverable) {
      recoverable.addRecoveryListener(topology);
    }
    return topology;
  }

  /**
   * Each started consumer's state and counts, in start order; for health checks. Empty before
   * start. A consumer whose connection loops on a message the client cannot read is {@link
   * ConsumerState#UNREADABLE_MESSAGE}, whatever the moment of the loop.
   */
  public List<ConsumerStatus> consumers() {
    List<ConsumerStatus> all = new ArrayList<>(runners.size());
    for (ConsumerRunner runner : runners) {
      ConsumerStatus status = runner.status();
      UnreadableFrames frames = watchOfRunner.get(runner);
      if (frames != null && frames.looping() && status.state() != ConsumerState.STOPPED) {
        status = status.in(ConsumerState.UNREADABLE_MESSAGE);
      }
      QueueDepths sampled = depths;
      all.add(sampled == null ? status : sampled.withDeadLetters(runner, status));
    }
    return all;
  }

  /**
   * How many messages the application's publisher has sent and not yet seen confirmed; never waits.
   */
  public int publisherUnconfirmed() {
    ConfirmingPublisher current = publisher;
    return current == null ? 0 : current.unconfirmed();
  }

  /**
   * Graceful shutdown; safe to call more than once. Bounded against a broker that does not answer
   * (an alarm-blocked connection, a half-open TCP connection), whose every call would otherwise
   * wait up to the client's RPC timeout (10 minutes): the consumers' {@code basic.cancel} runs on
   * {@code brokerCalls} and is waited for until the shutdown timeout; then closing the channels and
   * the connections together takes at most {@link #CLOSING_MILLIS} more, after which a connection's
   * socket is closed without the broker's answer.
   */
  public void stop() {
    synchronized (this) {
      if (stopped) {
        return;
      }
      stopped = true;
    }
    connections.refuseNew();
    QueueDepths sampling = depths;
    if (sampling != null) {
      sampling.stop();
    }
    telemetry.stop();
    long deadline = System.nanoTime() + settings.shutdownTimeout().toNanos();
    runners.forEach(ConsumerRunner::drain);
    List<Runnable> cancels = new ArrayList<>();
    runners.forEach(runner -> cancels.add(runner::cancel));
    bounded("basic.cancel", cancels, deadline);
    try {
      for (ConsumerRunner runner : runners) {
        runner.awaitSettled(deadline);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ConfirmingPublisher unconfirmed = publisher;
    if (unconfirmed != null) {
      try {
        unconfirmed.awaitConfirms(deadline);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // half of the closing time for the channels, the rest (at least) for the connections
    long channelsClosed =
        Math.max(deadline, System.nanoTime()) + TimeUnit.MILLISECONDS.toNanos(CLOSING_MILLIS / 2);
    long closing = channelsClosed + TimeUnit.MILLISECONDS.toNanos(CLOSING_MILLIS / 2);
    runners.forEach(runner -> runner.stop(settings.shutdownTimeout()));
    List<Runnable> closes = new ArrayList<>();
    runners.forEach(runner -> closes.add(runner::closeChannel));
    DirectReplyRequester requests;
    synchronized (this) {
      requests = requester;
    }
    if (requests != null) {
      closes.add(requests::close); // requests still waiting for replies fail now
    }
    bounded("channel.close", closes, channelsClosed);
    connections.close(closing, settings.shutdownTimeout());
    // handlers still running are interrupted only now that their channels are closed
    runners.forEach(ConsumerRunner::stopWorkers);
    contexts.forEach(CreationalContext::release);
    connections.stop();
    timer.shutdownNow();
    internal.shutdown();
    brokerCalls.shutdown(); // a call still waiting ended with its connection's close
    completions.shutdown();
    connections.stopShutdowns();
  }

  /**
   * Runs {@code calls} (broker calls of shutdown) on {@code brokerCalls} and waits for them until
   * {@code deadlineNanos}; one still waiting then is left to the connection's close, which ends it.
   */
  private void bounded(String what, List<Runnable> calls, long deadlineNanos) {
    List<Future<?>> running = new ArrayList<>(calls.size());
    for (Runnable call : calls) {
      try {
        running.add(brokerCalls.submit(call));
      } catch (RejectedExecutionException e) {
        call.run();
      }
    }
    int unanswered = 0;
    for (Future<?> call : running) {
      try {
        call.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        unanswered++;
      } catch (ExecutionException e) {
        LOG.log(Level.FINE, what + " failed during shutdown", e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    if (unanswered > 0) {
      ConsumingMessages.shutdownCallsUnanswered(LOG, what, unanswered, settings.shutdownTimeout());
    }
  }

  private FailureMapping failureMapping(BeanManager beanManager) {
    return FailureMapping.resolve(beanManager, contexts::add);
  }
}
