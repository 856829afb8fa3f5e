package dev.warren.internal.topology;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.QueueType;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.logging.Messages;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Declares a consumer's queue (declare-topology on) or checks it exists with a passive declare
 * (off), each on a throwaway channel: a failed declare closes its channel, never the connection.
 * Runs in deployment validation.
 */
public final class Topology {

  private Topology() {}

  /**
   * Declares or verifies {@code model}'s queue.
   *
   * @param vhost the virtual host, for messages
   * @return the deployment problem, if any
   */
  public static Optional<String> prepare(Connection connection, ConsumerModel model, String vhost) {
    Channel channel = null;
    try {
      channel = connection.createChannel();
      if (model.declareTopology()) {
        channel.queueDeclare(model.queue(), true, false, false, queueArguments(model));
      } else {
        channel.queueDeclarePassive(model.queue());
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(problem(model, vhost, e));
    } catch (RuntimeException e) {
      return Optional.of(
          Messages.queueCheckFailed(model.name(), model.where(), model.queue(), e.toString()));
    } finally {
      closeQuietly(channel);
    }
  }

  /** The arguments a declared queue gets; a classic queue sends none (absent = classic). */
  static Map<String, Object> queueArguments(ConsumerModel model) {
    return model.queueType() == QueueType.QUORUM ? Map.of("x-queue-type", "quorum") : Map.of();
  }

  private static String problem(ConsumerModel model, String vhost, IOException e) {
    if (e.getCause() instanceof ShutdownSignalException signal
        && signal.getReason() instanceof AMQP.Channel.Close close) {
      if (close.getReplyCode() == AMQP.NOT_FOUND) {
        return Messages.queueMissing(model.name(), model.where(), model.queue(), vhost);
      }
      if (close.getReplyCode() == AMQP.PRECONDITION_FAILED) {
        return Messages.declareRefused(
            model.name(), model.where(), model.queue(), close.getReplyText());
      }
      return Messages.queueCheckFailed(
          model.name(), model.where(), model.queue(), close.getReplyText());
    }
    return Messages.queueCheckFailed(model.name(), model.where(), model.queue(), e.toString());
  }

  private static void closeQuietly(Channel channel) {
    if (channel != null && channel.isOpen()) {
      try {
        channel.close();
      } catch (IOException | TimeoutException | RuntimeException ignored) {
        // a throwaway channel: nothing depends on it
      }
    }
  }
}
