package dev.warren.internal.topology;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.Delay;
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
import java.util.concurrent.Callable;
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

  /** The delayed-message plugin's exchange type. */
  public static final String DELAYED_EXCHANGE_TYPE = "x-delayed-message";

  /** The arguments of a delayed exchange: once a copy's delay is over, it routes like direct. */
  public static final Map<String, Object> DELAYED_EXCHANGE_ARGUMENTS =
      Map.of("x-delayed-type", "direct");

  private final Connection connection;
  private final Callable<Connection> probes;
  private final String vhost;
  private Channel channel;

  /**
   * @param connection the application's connection
   * @param probes opens a throwaway connection, for declares that can kill a connection
   * @param vhost the virtual host, for messages
   */
  public Topology(Connection connection, Callable<Connection> probes, String vhost) {
    this.connection = connection;
    this.probes = probes;
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
    for (String waitQueue : model.waitQueues()) {
      Map<String, Object> back = waitQueueArguments(model);
      step(
          model,
          "wait queue '" + waitQueue + "'",
          ch -> {
            if (declare) {
              ch.queueDeclare(waitQueue, true, false, false, back);
            } else {
              ch.queueDeclarePassive(waitQueue);
            }
          },
          problems);
    }
    if (model.delay() == Delay.PLUGIN_DME) {
      delayedExchange(model, problems);
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

  /** The arguments of {@code model}'s wait queues: expired copies dead-letter back to its queue. */
  public static Map<String, Object> waitQueueArguments(ConsumerModel model) {
    return Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", model.queue());
  }

  /**
   * The delayed exchange, bound to the queue by its name. Declaring an exchange of a type the
   * broker does not know (the plugin is absent) closes the whole connection with 503, so the
   * declare runs on a throwaway connection of its own.
   */
  private void delayedExchange(ConsumerModel model, List<String> problems) {
    String exchange = model.delayTarget();
    String what = "delayed exchange '" + exchange + "'";
    if (!model.declareTopology()) {
      step(model, what, ch -> ch.exchangeDeclarePassive(exchange), problems);
      return;
    }
    try (Connection probe = probes.call()) {
      probe
          .createChannel()
          .exchangeDeclare(
              exchange, DELAYED_EXCHANGE_TYPE, true, false, DELAYED_EXCHANGE_ARGUMENTS);
    } catch (IOException e) {
      if (e.getCause() instanceof ShutdownSignalException signal
          && signal.getReason() instanceof AMQP.Connection.Close close
          && close.getReplyCode() == AMQP.COMMAND_INVALID) {
        problems.add(
            Messages.delayPluginMissing(model.name(), model.where(), close.getReplyText()));
      } else {
        problems.add(problem(model, what, e));
      }
      return;
    } catch (Exception e) {
      problems.add(Messages.checkFailed(model.name(), model.where(), what, e.toString()));
      return;
    }
    step(
        model,
        "the binding of queue '" + model.queue() + "' to " + what,
        ch -> ch.queueBind(model.queue(), exchange, model.queue()),
        problems);
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
