package dev.warren.internal.deadletter;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import dev.warren.DeadLetters;
import dev.warren.QueueType;
import dev.warren.internal.logging.DeadLetterMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.logging.Logger;

/**
 * {@link DeadLetters} over Warren's consumers: finds the queue a query names, opens a connection of
 * its own for each call (with Warren's connection settings, without automatic recovery: a call that
 * loses its connection stops, and its unsettled dead letters go back to the queue), runs one {@link
 * Pass} and closes the connection. Every call runs on the caller's thread and blocks it.
 */
public final class RabbitDeadLetters implements DeadLetters {

  private static final Logger LOG = Logger.getLogger(RabbitDeadLetters.class.getName());

  private final ConnectionFactory factory;
  private final List<Address> addresses;
  private final List<ConsumerModel> consumers;
  private final String retryCountHeader;

  /**
   * @param factory makes connections with the application's settings (it is copied)
   * @param addresses the broker's addresses, as the application's connections use them
   * @param consumers every consumer of the deployment
   * @param retryCountHeader the header carrying Warren's retry count, reset on a replay
   */
  public RabbitDeadLetters(
      ConnectionFactory factory,
      List<Address> addresses,
      List<ConsumerModel> consumers,
      String retryCountHeader) {
    this.addresses = List.copyOf(addresses);
    this.factory = factory.clone();
    this.factory.setAutomaticRecoveryEnabled(false);
    this.factory.setTopologyRecoveryEnabled(false);
    this.consumers = List.copyOf(consumers);
    this.retryCountHeader = retryCountHeader;
  }

  @Override
  public long count(DeadLetterQuery query) {
    return count(query, PassProgress.NONE);
  }

  /** {@link #count(DeadLetterQuery)}, telling {@code progress} how far it got (internal). */
  public long count(DeadLetterQuery query, PassProgress progress) {
    if (!query.filters()) {
      String queue = queue(query);
      return call("count", queue, query, connection -> Pass.ready(connection, queue));
    }
    return pass(query, Pass.Mode.COUNT, progress).selected();
  }

  @Override
  public List<DeadLetter> browse(DeadLetterQuery query) {
    return browse(query, PassProgress.NONE);
  }

  /** {@link #browse(DeadLetterQuery)}, telling {@code progress} how far it got (internal). */
  public List<DeadLetter> browse(DeadLetterQuery query, PassProgress progress) {
    return pass(query, Pass.Mode.BROWSE, progress).page();
  }

  @Override
  public DeadLetterReport replay(DeadLetterQuery query) {
    return replay(query, PassProgress.NONE);
  }

  /** {@link #replay(DeadLetterQuery)}, telling {@code progress} how far it got (internal). */
  public DeadLetterReport replay(DeadLetterQuery query, PassProgress progress) {
    return report(query, Pass.Mode.REPLAY, progress);
  }

  @Override
  public DeadLetterReport purge(DeadLetterQuery query) {
    return purge(query, PassProgress.NONE);
  }

  /** {@link #purge(DeadLetterQuery)}, telling {@code progress} how far it got (internal). */
  public DeadLetterReport purge(DeadLetterQuery query, PassProgress progress) {
    return report(query, Pass.Mode.PURGE, progress);
  }

  private DeadLetterReport report(DeadLetterQuery query, Pass.Mode mode, PassProgress progress) {
    long start = System.nanoTime();
    String queue = queue(query);
    Pass.Result result = pass(query, mode, progress);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    String operation = mode.name().toLowerCase(Locale.ROOT);
    DeadLetterMessages.done(
        LOG,
        operation,
        queue,
        query,
        result.examined(),
        result.selected(),
        result.done(),
        result.failed().size(),
        took.toMillis());
    return new DeadLetterReport(
        queue,
        query.isDryRun(),
        result.examined(),
        result.selected(),
        result.done(),
        result.ids(),
        result.failed(),
        took);
  }

  private Pass.Result pass(DeadLetterQuery query, Pass.Mode mode, PassProgress progress) {
    String queue = queue(query);
    boolean classic = classic(query);
    String operation = mode.name().toLowerCase(Locale.ROOT);
    return call(
        operation,
        queue,
        query,
        connection ->
            new Pass(
                    connection,
                    queue,
                    classic || requeueIsFree(connection),
                    query,
                    mode,
                    retryCountHeader)
                .progress(progress)
                .run());
  }

  /** The dead letter queue the query names. */
  private String queue(DeadLetterQuery query) {
    if (query.queue() != null) {
      return query.queue();
    }
    ConsumerModel model = consumer(query.consumer());
    if (model.deadLetter().isEmpty()) {
      throw new IllegalArgumentException(DeadLetterMessages.noDeadLetterQueue(model.name()));
    }
    return model.deadLetter();
  }

  /**
   * Whether the queue is known to be classic: the caller said so, or Warren declares the consumer's
   * dead letter queue itself (always classic).
   */
  private boolean classic(DeadLetterQuery query) {
    if (query.queueType() != null) {
      return query.queueType() == QueueType.CLASSIC;
    }
    return query.consumer() != null && consumer(query.consumer()).declareTopology();
  }

  /**
   * Whether a requeue keeps a message's place and spends none of its attempts on every queue type:
   * from RabbitMQ 4.3 a quorum queue counts only rejects toward its delivery limit and puts a
   * nacked message back at its place (measured on 4.3.6).
   */
  private static boolean requeueIsFree(Connection connection) {
    return BrokerVersion.of(connection.getServerProperties()).deliveryLimitCountsRejectsOnly();
  }

  private ConsumerModel consumer(String name) {
    for (ConsumerModel model : consumers) {
      if (model.name().equals(name)) {
        return model;
      }
    }
    throw new IllegalArgumentException(
        DeadLetterMessages.unknownConsumer(
            name, consumers.stream().map(ConsumerModel::name).sorted().toList()));
  }

  private interface Work<T> {
    T on(Connection connection) throws IOException, InterruptedException, TimeoutException;
  }

  private <T> T call(String operation, String queue, DeadLetterQuery query, Work<T> work) {
    try (Connection connection = factory.newConnection(addresses, "warren-dead-letters")) {
      return work.on(connection);
    } catch (IOException | ShutdownSignalException e) {
      String why = why(e);
      if (why.contains("404")) {
        throw new IllegalStateException(DeadLetterMessages.queueMissing(queue, why), e);
      }
      throw new IllegalStateException(DeadLetterMessages.brokerFailed(operation, queue, why), e);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          DeadLetterMessages.brokerFailed(operation, queue, "no answer in time"), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          DeadLetterMessages.brokerFailed(operation, queue, "interrupted"), e);
    }
  }

  private static String why(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ShutdownSignalException signal && signal.getReason() != null) {
        return String.valueOf(signal.getMessage());
      }
    }
    return String.valueOf(e.getMessage());
  }
}
