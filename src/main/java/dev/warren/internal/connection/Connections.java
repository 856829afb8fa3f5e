package dev.warren.internal.connection;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.internal.config.ConnectionSettings;
import dev.warren.internal.logging.ConsumingMessages;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The application's connections: by default one connection for the consumers and one for publishing
 * and requests (a broker alarm blocks a connection that publishes, and would hold back the
 * consumers' acks with it), one shared by both ({@code warren.connections=shared}), or one for each
 * consumer besides the one for publishing ({@code per-consumer}). Every connection reads its frames
 * through a {@link FrameGuard} (a message whose headers the client cannot read is dropped by its
 * consumer instead of closing the connection), and is watched by its {@link UnreadableFrames} for
 * any other frame the client cannot read. Opened on first use (deployment validation opens one to
 * check the broker), closed at shutdown, bounded against a broker that does not answer.
 *
 * <p>Threads: connections open on the thread that asks for one (the starting thread, a publisher's
 * broker-call thread); the client's reader thread ({@code warren-amqp-N} on a server) reads each
 * connection's frames and, on connections only Warren's subscriptions use, runs the consumer
 * callbacks ({@link InlineDispatch}); the client's consumer work on the connection the application
 * can reach runs on {@code warren-amqp-work-N}; heartbeats of per-consumer connections on one
 * shared executor ({@link Heartbeats}).
 */
public final class Connections {

  private static final Logger LOG = Logger.getLogger(Connections.class.getName());

  private final ConnectionSettings settings;
  private final Executor internal;
  private final ScheduledExecutorService timer;
  private final Function<String, ThreadFactory> threads;
  private final boolean managed;
  private final Runnable recovered;
  // what health checks read ({@link #connected}) is volatile or concurrent and read without this
  // monitor, so that a broker that does not answer never holds a probe
  private volatile Connection consumers; // the consumers' connection
  // publishing and requests; the same as consumers when shared
  private volatile Connection publishing;
  private final Map<String, Connection> ownConnections = new ConcurrentHashMap<>(); // per consumer
  private final Map<Connection, UnreadableFrames> watches = new ConcurrentHashMap<>();
  private final ExecutorService clientShutdowns;
  // the client's consumer work on the connection application code can reach (the publisher's, or
  // the shared one), as the client's own pool would run it, but for the requester's replies: see
  // InlineDispatch
  private final ExecutorService clientWork;
  private final InlineDispatch applicationDispatch;
  // the per-consumer layout's connections, the publisher's included, share one heartbeat
  // executor, so that n connections do not make n threads (their consumer work runs inline: see
  // InlineDispatch); one whose socket is blocked never holds back another's heartbeats: see
  // Heartbeats
  private final ScheduledExecutorService clientHeartbeats;
  private volatile boolean stopped;

  /**
   * @param settings the connection settings
   * @param internal Warren's internal pool, where the client's error reports close a connection
   * @param timer watches connections for frames the client cannot read
   * @param threads makes the client's threads by name
   * @param managed whether the threads are a server's managed threads
   * @param recovered told after each recovery of a connection; {@code null} for nothing
   */
  public Connections(
      ConnectionSettings settings,
      Executor internal,
      ScheduledExecutorService timer,
      Function<String, ThreadFactory> threads,
      boolean managed,
      Runnable recovered) {
    this.settings = settings;
    this.internal = internal;
    this.timer = timer;
    this.threads = threads;
    this.managed = managed;
    this.recovered = recovered;
    this.clientShutdowns = managed ? clientShutdownPool(threads) : null;
    this.clientWork =
        Executors.newFixedThreadPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()),
            threads.apply("warren-amqp-work"));
    this.applicationDispatch = InlineDispatch.onlyFor(clientWork);
    this.clientHeartbeats =
        settings.perConsumer()
            ? new Heartbeats(
                threads.apply("warren-amqp-heartbeat-timer"),
                threads.apply("warren-amqp-heartbeat"))
            : null;
  }

  /**
   * On a server, the client's work when a connection shuts down (closing its channels, then
   * stopping its consumer threads) runs on threads made while the application runs: once the
   * application is stopping, a server may refuse new threads (Open Liberty: CWWKC1012E), and the
   * client, which otherwise makes a thread for it at that moment, would never stop its consumer
   * threads. Work submitted after {@link #stop()} shut this pool down runs in the submitting
   * thread.
   */
  private static ExecutorService clientShutdownPool(Function<String, ThreadFactory> threads) {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            2,
            2,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            threads.apply("warren-amqp-shutdown"),
            (task, refusing) -> task.run());
    pool.prestartAllCoreThreads();
    return pool;
  }

  /**
   * A connection factory with the application's settings: automatic recovery, the client's error
   * reports in Warren's log and, on a server, the client's threads from the managed thread factory.
   * On plain threads the client keeps its own (non-daemon) threads, which keep a Weld SE
   * application's JVM alive as they always did.
   */
  public ConnectionFactory connectionFactory() {
    return connectionFactory(null, null);
  }

  /**
   * @param frames watches the connection for frames the client cannot read; {@code null} for one
   *     without recovery
   * @param dispatch runs the client's consumer callbacks; {@code null} for the client's own pool
   */
  private ConnectionFactory connectionFactory(UnreadableFrames frames, InlineDispatch dispatch) {
    ConnectionFactory factory = settings.configure(new GuardedConnectionFactory());
    factory.setExceptionHandler(new ClientErrors(frames, internal));
    if (frames != null) {
      factory.setRecoveryDelayHandler(frames);
    }
    if (dispatch != null) {
      factory.setSharedExecutor(dispatch);
    }
    if (clientHeartbeats != null) {
      factory.setHeartbeatExecutor(clientHeartbeats);
    }
    if (managed) {
      factory.setThreadFactory(threads.apply("warren-amqp"));
      factory.setShutdownExecutor(clientShutdowns);
    }
    return factory;
  }

  /**
   * The connection for publishing and requests, which the injected {@code Connection} and {@code
   * Channel} use too; opened on first use, with automatic recovery. The consumers' connection when
   * connections are shared.
   *
   * @throws IOException when the broker cannot be reached or refuses the login
   * @throws TimeoutException when the broker does not answer in time
   */
  public synchronized Connection connection() throws IOException, TimeoutException {
    if (publishing == null) {
      publishing = settings.shared() ? consumerConnection() : open(settings.publisherName(), false);
    }
    return publishing;
  }

  /**
   * The consumers' connection, opened on first use, with automatic recovery, where deployment
   * checks and declares the consumers' topology; the one for publishing when connections are
   * shared, and also when each consumer has its own (those open only when the consumers start).
   *
   * @throws IOException when the broker cannot be reached or refuses the login
   * @throws TimeoutException when the broker does not answer in time
   */
  public synchronized Connection consumerConnection() throws IOException, TimeoutException {
    if (settings.perConsumer()) {
      return connection();
    }
    if (consumers == null) {
      consumers =
          settings.shared() && publishing != null
              ? publishing
              : open(settings.consumersName(), !settings.shared());
    }
    return consumers;
  }

  /** The connection the consumer {@code name} consumes on: its own when each consumer has one. */
  public synchronized Connection consumerConnection(String name)
      throws IOException, TimeoutException {
    if (!settings.perConsumer()) {
      return consumerConnection();
    }
    Connection own = ownConnections.get(name);
    if (own == null) {
      own = open(settings.consumerName(name), true);
      ownConnections.put(name, own);
    }
    return own;
  }

  /**
   * @param consumersOnly whether only Warren's subscriptions will use it, never application code
   *     (the injected {@code Connection} and {@code Channel} are the publisher's)
   */
  private Connection open(String name, boolean consumersOnly) throws IOException, TimeoutException {
    if (stopped) {
      throw new IllegalStateException("Warren has shut down; its connections are closed");
    }
    UnreadableFrames frames =
        new UnreadableFrames(name, settings.recoveryInterval(), settings.perConsumer(), timer);
    Connection opened =
        connectionFactory(frames, consumersOnly ? InlineDispatch.EVERYTHING : applicationDispatch)
            .newConnection(settings.addresses(), name);
    frames.watch(opened);
    watches.put(opened, frames);
    if (recovered != null && opened instanceof Recoverable recoverable) {
      recoverable.addRecoveryListener(new Recoveries());
    }
    return opened;
  }

  /** The watch of frames the client cannot read on {@code connection}; {@code null} for none. */
  public UnreadableFrames watchOf(Connection connection) {
    return watches.get(connection);
  }

  /**
   * A throwaway connection without recovery, for declares that can kill a connection (an exchange
   * type the broker does not know).
   */
  public Connection probe() throws IOException, TimeoutException {
    ConnectionFactory factory = connectionFactory();
    factory.setAutomaticRecoveryEnabled(false); // a probe the broker closes stays closed
    return factory.newConnection(settings.addresses(), "warren-topology-probe");
  }

  /**
   * A channel for the requester on the application's connection; its reply consumer's callbacks
   * (which only hand each reply on) run where they arrive, without the client's dispatch thread.
   *
   * @return {@code null} when the connection has no free channel number
   */
  public Channel requestChannel() throws IOException, TimeoutException {
    Channel channel = connection().createChannel();
    if (channel != null) {
      applicationDispatch.runsHere(channel);
    }
    return channel;
  }

  /**
   * Whether the application's connections are open: at least one was opened, and none is closed or
   * recovering. From state only, never waiting (health checks).
   */
  public boolean connected() {
    Connection consuming = consumers;
    Connection other = publishing;
    return (consuming != null || other != null || !ownConnections.isEmpty())
        && (consuming == null || consuming.isOpen())
        && (other == null || other.isOpen())
        && ownConnections.values().stream().allMatch(Connection::isOpen);
  }

  /** No connection opens any more: Warren is shutting down. */
  public void refuseNew() {
    stopped = true;
  }

  /**
   * Closes every connection, each waiting for the broker's answer until {@code deadlineNanos};
   * {@code shutdownTimeout} is for the message when one does not answer.
   */
  public void close(long deadlineNanos, Duration shutdownTimeout) {
    Connection consuming;
    Connection other;
    List<Connection> own;
    synchronized (this) {
      consuming = consumers;
      other = publishing == consumers ? null : publishing;
      own = List.copyOf(ownConnections.values());
    }
    own.forEach(connection -> closeConnection(connection, deadlineNanos, shutdownTimeout));
    closeConnection(consuming, deadlineNanos, shutdownTimeout);
    closeConnection(other, deadlineNanos, shutdownTimeout);
  }

  /**
   * Closes {@code connection}, waiting for the broker's answer until {@code deadlineNanos} (at
   * least a millisecond): then its socket is closed all the same.
   */
  private static void closeConnection(
      Connection connection, long deadlineNanos, Duration shutdownTimeout) {
    if (connection == null) {
      return;
    }
    int timeout =
        (int)
            Math.max(
                1,
                Math.min(
                    Integer.MAX_VALUE,
                    TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    // close even when not open: a connection in automatic recovery is not open, and only a
    // manual close stops it from reconnecting (and consuming again) after shutdown
    try {
      connection.close(AMQP.REPLY_SUCCESS, "Warren shut down", timeout);
    } catch (AlreadyClosedException e) {
      // already closed by the broker or by a failure: recovery is stopped all the same
    } catch (IOException | RuntimeException e) {
      if (System.nanoTime() - deadlineNanos >= 0) {
        ConsumingMessages.shutdownCallsUnanswered(
            LOG,
            "connection.close ('" + connection.getClientProvidedName() + "')",
            1,
            shutdownTimeout);
      } else {
        ConsumingMessages.stopFailed(
            LOG, e, "the connection '" + connection.getClientProvidedName() + "'", e.toString());
      }
    }
  }

  /** Stops the client's pools, once the connections are closed. */
  public void stop() {
    if (clientHeartbeats != null) {
      clientHeartbeats.shutdownNow(); // the client never shuts down an executor it was given
    }
    clientWork.shutdown(); // nor this one: what the closes handed it still runs
  }

  /** Stops the pool of the client's shutdown work, last. */
  public void stopShutdowns() {
    if (clientShutdowns != null) {
      clientShutdowns.shutdown(); // its threads end once the client's last shutdown work is done
    }
  }

  /** Counts the client's recoveries of the connection. */
  private final class Recoveries implements RecoveryListener {
    @Override
    public void handleRecovery(Recoverable recoverable) {
      recovered.run();
    }

    @Override
    public void handleRecoveryStarted(Recoverable recoverable) {
      // counted once it worked
    }
  }
}
