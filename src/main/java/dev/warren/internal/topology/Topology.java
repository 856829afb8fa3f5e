package dev.warren.internal.topology;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.QueueType;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.extension.ConsumerModel.BindingModel;
import dev.warren.internal.logging.Messages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * Declares a consumer's infrastructure (declare-topology on: its queue with type and arguments, its
 * dead letter queue, its exchanges and bindings) or checks with passive declares that it exists
 * (off: the queue, the dead letter queue, the retry exchange). Each step runs on a throwaway
 * channel, replaced after a failure: a failed declare closes its channel, never the connection.
 * Runs in deployment validation.
 */
public final class Topology implements AutoCloseable {

  /** Queue arguments Warren sets itself; an application must not set them in {@code arguments}. */
  public static final Set<String> WARREN_QUEUE_ARGUMENTS =
      Set.of("x-queue-type", "x-delivery-limit");

  private final Connection connection;
  private final String vhost;
  private Channel channel;

  /**
   * @param connection the application's connection
   * @param vhost the virtual host, for messages
   */
  public Topology(Connection connection, String vhost) {
    this.connection = connection;
    this.vhost = vhost;
  }

  /**
   * Declares or verifies everything {@code model} needs.
   *
   * @return the deployment problems, one per missing or refused piece
   */
  public List<String> prepare(ConsumerModel model) {
    List<String> problems = new ArrayList<>();
    boolean declare = model.declareTopology();
    String queue = model.queue();
    step(
        model,
        "queue '" + queue + "'",
        ch -> {
          if (declare) {
            ch.queueDeclare(queue, true, false, false, queueArguments(model));
          } else {
            ch.queueDeclarePassive(queue);
          }
        },
        problems);
    if (!model.deadLetter().isEmpty()) {
      String dlq = model.deadLetter();
      step(
          model,
          "dead letter queue '" + dlq + "'",
          ch -> {
            if (declare) {
              ch.queueDeclare(dlq, true, false, false, null);
            } else {
              ch.queueDeclarePassive(dlq);
            }
          },
          problems);
    }
    String retryExchange = model.retry().exchange();
    if (model.policy("").publishesCopies() && !retryExchange.isEmpty()) {
      step(
          model,
          "retry exchange '" + retryExchange + "'",
          ch -> ch.exchangeDeclarePassive(retryExchange),
          problems);
    }
    if (declare) {
      for (BindingModel binding : model.bindings()) {
        step(
            model,
            "exchange '" + binding.exchange() + "'",
            ch -> ch.exchangeDeclare(binding.exchange(), binding.type(), true),
            problems);
        for (String key : binding.routingKeys()) {
          step(
              model,
              "the binding of queue '"
                  + queue
                  + "' to exchange '"
                  + binding.exchange()
                  + "' with routing key '"
                  + key
                  + "'",
              ch -> ch.queueBind(queue, binding.exchange(), key),
              problems);
        }
      }
    }
    return problems;
  }

  /**
   * The arguments Warren declares {@code model}'s queue with: the application's, plus for a quorum
   * queue its type and, with a cap, the delivery limit and dead-letter route. A classic queue sends
   * no type (absent means classic). Numbers are sent as numbers.
   */
  public static Map<String, Object> queueArguments(ConsumerModel model) {
    Map<String, Object> arguments = new HashMap<>(model.arguments());
    if (model.queueType() == QueueType.QUORUM) {
      arguments.put("x-queue-type", "quorum");
      if (model.capped()) {
        // the server counts returns, not deliveries: limit N gives N + 1 deliveries
        arguments.put("x-delivery-limit", model.maxAttempts() - 1);
        arguments.put("x-dead-letter-exchange", "");
        arguments.put("x-dead-letter-routing-key", model.deadLetter());
      }
    }
    return arguments;
  }

  /** One declare or check on the current throwaway channel. */
  private void step(ConsumerModel model, String what, Step step, List<String> problems) {
    try {
      if (channel == null || !channel.isOpen()) {
        channel = connection.createChannel();
      }
      step.run(channel);
    } catch (IOException e) {
      problems.add(problem(model, what, e));
    } catch (RuntimeException e) {
      problems.add(Messages.checkFailed(model.name(), model.where(), what, e.toString()));
    }
  }

  private String problem(ConsumerModel model, String what, IOException e) {
    if (e.getCause() instanceof ShutdownSignalException signal
        && signal.getReason() instanceof AMQP.Channel.Close close) {
      if (close.getReplyCode() == AMQP.NOT_FOUND) {
        return Messages.missing(model.name(), model.where(), what, vhost);
      }
      if (close.getReplyCode() == AMQP.PRECONDITION_FAILED) {
        return Messages.declareRefused(model.name(), model.where(), what, close.getReplyText());
      }
      return Messages.checkFailed(model.name(), model.where(), what, close.getReplyText());
    }
    return Messages.checkFailed(model.name(), model.where(), what, e.toString());
  }

  @Override
  public void close() {
    if (channel != null && channel.isOpen()) {
      try {
        channel.close();
      } catch (IOException | TimeoutException | RuntimeException ignored) {
        // a throwaway channel: nothing depends on it
      }
    }
  }

  /** A declare or passive check. */
  @FunctionalInterface
  private interface Step {
    void run(Channel channel) throws IOException;
  }
}
