package dev.warren.internal.consume;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.topology.Topology;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.logging.Logger;

/**
 * Declares again the topology that Warren owns (that of every consumer with declare-topology on):
 * after each recovery of the consumers' connection, once the client has reopened its channels and
 * before it subscribes the consumers again, so that a queue lost meanwhile exists when they do; and
 * for one consumer before it subscribes again after the broker cancelled it. {@link Topology}
 * declares on channels that the client's own topology recovery does not record, so the client never
 * replays these declares on a channel closed long ago. Lives from start to shutdown; runs on the
 * client's recovery thread and on Warren's timer.
 */
public final class OwnTopology implements RecoveryListener {

  private static final Logger LOG = Logger.getLogger(OwnTopology.class.getName());

  private final List<ConsumerModel> owned;
  private final Callable<Connection> probes;
  private final String vhost;
  private final String user;

  /**
   * @param owned the enabled consumers with declare-topology on
   * @param probes opens a throwaway connection, for declares that can kill a connection
   * @param vhost the virtual host, for messages
   * @param user the user Warren connects as, for messages
   */
  public OwnTopology(
      List<ConsumerModel> owned, Callable<Connection> probes, String vhost, String user) {
    this.owned = List.copyOf(owned);
    this.probes = probes;
    this.vhost = vhost;
    this.user = user;
  }

  /** Whether any consumer's topology is Warren's to declare. */
  public boolean any() {
    return !owned.isEmpty();
  }

  /**
   * Declares everything {@code model} needs on {@code connection}.
   *
   * @return the problems, one per refused or failed declare; empty when all is declared
   */
  List<String> declare(Connection connection, ConsumerModel model) {
    try (Topology topology = new Topology(connection, probes, vhost, user)) {
      return topology.prepare(model, warning -> {}); // warned about at deployment
    }
  }

  /**
   * The client has reopened the channels of the recovered connection: declare before it
   * resubscribes.
   */
  @Override
  public void handleTopologyRecoveryStarted(Recoverable recoverable) {
    if (!(recoverable instanceof Connection connection)) {
      return;
    }
    for (ConsumerModel model : owned) {
      try {
        List<String> problems = declare(connection, model);
        if (!problems.isEmpty()) {
          ConsumingMessages.redeclareFailed(
              LOG,
              model.name(),
              model.where(),
              "the connection recovered",
              String.join("; ", problems));
        }
      } catch (RuntimeException e) {
        // never break the client's recovery: the consumers are resubscribed all the same
        ConsumingMessages.redeclareFailed(
            LOG, e, model.name(), model.where(), "the connection recovered", e.toString());
      }
    }
  }

  @Override
  public void handleRecovery(Recoverable recoverable) {
    // declared when the topology's recovery started
  }

  @Override
  public void handleRecoveryStarted(Recoverable recoverable) {
    // the connection is not there yet
  }
}
