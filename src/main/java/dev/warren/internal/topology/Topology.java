package dev.warren.internal.topology;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.recovery.AutorecoveringConnection;
import dev.warren.Delay;
import dev.warren.QueueType;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerModel.BindingModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Declares a consumer's infrastructure (declare-topology on: its queue with type and arguments, its
 * dead letter queue, its exchanges and bindings) or checks with passive declares that it exists
 * (off: the queue, the dead letter queue, the retry exchange). Each step runs on a throwaway
 * channel, replaced after a failure: a failed declare closes its channel, never the connection. The
 * throwaway channels are opened on the connection's current delegate, so the client's topology
 * recovery does not record what is declared on them: it would replay the declares on their long
 * closed channel after every connection recovery and fail; Warren declares again itself instead
 * ({@code OwnTopology}). Reads the broker's version from the connection once, for what differs
 * between versions ({@link QuorumLimit}, {@link VersionArguments}). Runs in deployment validation,
 * after each recovery of the consumers' connection, and before a consumer the broker cancelled
 * subscribes again.
 */
public final class Topology implements AutoCloseable {

  /** The queue type argument, which Warren sets from {@code queueType}. */
  public static final String QUEUE_TYPE = "x-queue-type";

  /** A quorum queue's delivery limit, which Warren sets from the consumer's settings. */
  public static final String DELIVERY_LIMIT = "x-delivery-limit";

  /** The queue argument naming the queue's dead-letter exchange. */
  public static final String DEAD_LETTER_EXCHANGE = "x-dead-letter-exchange";

  /** The queue argument that gives a partition's queue a single active consumer. */
  public static final String SINGLE_ACTIVE_CONSUMER = "x-single-active-consumer";

  /** The delayed-message plugin's exchange type. */
  public static final String DELAYED_EXCHANGE_TYPE = "x-delayed-message";

  /** The arguments of a delayed exchange: once a copy's delay is over, it routes like direct. */
  public static final Map<String, Object> DELAYED_EXCHANGE_ARGUMENTS =
      Map.of("x-delayed-type", "direct");

  private final Connection connection;
  private final Callable<Connection> probes;
  private final String vhost;
  private final String user;
  private final BrokerVersion version;
  private Channel channel;

  /**
   * @param connection the application's connection
   * @param probes opens a throwaway connection, for declares that can kill a connection
   * @param vhost the virtual host, for messages
   * @param user the user Warren connects as, for messages
   */
  public Topology(Connection connection, Callable<Connection> probes, String vhost, String user) {
    this.connection = connection;
    this.probes = probes;
    this.vhost = vhost;
    this.user = user;
    this.version = BrokerVersion.of(connection.getServerProperties());
  }

  /** The broker's version, as the connection's server properties tell it. */
  public BrokerVersion version() {
    return version;
  }

  /**
   * Declares or verifies everything {@code model} needs.
   *
   * @param warnings receives what deployment should warn about
   * @return the deployment problems, one per missing or refused piece
   */
  @SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working
  public List<String> prepare(ConsumerModel model, Consumer<String> warnings) {
    List<String> problems = new ArrayList<>();
    boolean declare = model.declareTopology();
    String queue = model.queue();
    QuorumLimit.warning(model, version, vhost).ifPresent(warnings);
    DelayedRetryCheck.problem(model, version).ifPresent(problems::add);
    DelayedRetryCheck.warning(model).ifPresent(warnings);
    // arguments this version refuses: the queue is not declared (a declare with a refused
    // master locator closes the whole connection), the rest is still checked and reported
    boolean queueRefused = false;
    if (declare) {
      if (VersionArguments.probeFirst(model, version)) {
        String closed = closesTheConnection(model);
        if (closed != null) {
          problems.add(VersionArguments.locatorRefused(model, version, closed));
          queueRefused = true;
        }
      }
      VersionArguments.Found found = VersionArguments.check(model, version);
      found.warnings().forEach(warnings);
      problems.addAll(found.problems());
      queueRefused |= !found.problems().isEmpty();
    }
    if (model.partition().partitioned() && model.partition().index() == 0) {
      PartitionTopology.checkCount(this, model, vhost, problems);
    }
    String what = "queue '" + queue + "'";
    if (!queueRefused) {
      step(
          model,
          what,
          ch -> {
            if (declare) {
              ch.queueDeclare(queue, true, false, false, queueArguments(model, version));
            } else {
              ch.queueDeclarePassive(queue);
            }
          },
          reason ->
              model.queueType() == QueueType.QUORUM && reason.contains("'" + DELIVERY_LIMIT + "'")
                  ? QuorumLimit.refused(model, version, vhost, reason)
                  : refusal(model, what).apply(reason),
          problems);
    }
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
    if (model.partition().partitioned() && !queueRefused) {
      PartitionTopology.exchange(this, model, version, problems);
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
        for (String key : queueRefused ? List.<String>of() : binding.routingKeys()) {
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
   * The arguments Warren declares {@code model}'s queue with on {@code version}: the application's,
   * plus for a quorum queue its type, its delivery limit ({@link QuorumLimit}), with a cap the
   * dead-letter route, and its own back-off ({@code x-delayed-retry-*}). A classic queue sends no
   * type (absent means classic). Numbers are sent as numbers.
   */
  public static Map<String, Object> queueArguments(ConsumerModel model, BrokerVersion version) {
    Map<String, Object> arguments = new HashMap<>(model.arguments());
    if (model.queueType() == QueueType.QUORUM) {
      arguments.put(QUEUE_TYPE, "quorum");
      QuorumLimit.argument(model, version).ifPresent(limit -> arguments.put(DELIVERY_LIMIT, limit));
      if (model.capped()) {
        arguments.put(DEAD_LETTER_EXCHANGE, "");
        arguments.put("x-dead-letter-routing-key", model.deadLetter());
      }
      arguments.putAll(model.delayedRetry().arguments());
    }
    if (model.partition().partitioned()) {
      arguments.put(SINGLE_ACTIVE_CONSUMER, true);
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
    if (pluginExchange(
        model,
        what,
        exchange,
        DELAYED_EXCHANGE_TYPE,
        DELAYED_EXCHANGE_ARGUMENTS,
        reason -> DeclarationMessages.delayPluginMissing(model.name(), model.where(), reason),
        problems)) {
      step(
          model,
          "the binding of queue '" + model.queue() + "' to " + what,
          ch -> ch.queueBind(model.queue(), exchange, model.queue()),
          problems);
    }
  }

  /** Whether {@code queue} exists (a passive declare on a throwaway channel of its own). */
  boolean exists(String queue) {
    try (Channel probe = unrecorded(connection).createChannel()) {
      probe.queueDeclarePassive(queue);
      return true;
    } catch (IOException | TimeoutException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Declares an exchange of a type a plugin may provide on a throwaway connection: a type the
   * broker does not know closes the whole connection on RabbitMQ 3.x.
   *
   * @param missing the problem when the broker does not know the type, from its reply text
   * @return whether the exchange is declared
   */
  boolean pluginExchange(
      ConsumerModel model,
      String what,
      String exchange,
      String type,
      Map<String, Object> arguments,
      Function<String, String> missing,
      List<String> problems) {
    try (Connection probe = probes.call()) {
      probe.createChannel().exchangeDeclare(exchange, type, true, false, arguments);
      return true;
    } catch (IOException e) {
      String unknownType = unknownExchangeType(e);
      problems.add(
          unknownType != null
              ? missing.apply(unknownType)
              : problem(model, what, e, refusal(model, what)));
    } catch (Exception e) {
      problems.add(
          DeclarationMessages.checkFailed(model.name(), model.where(), what, e.toString()));
    }
    return false;
  }

  /**
   * Declares {@code model}'s queue on a throwaway connection: the broker's reply text if that
   * closed the whole connection, else {@code null} (any other refusal the real declare reports).
   */
  private String closesTheConnection(ConsumerModel model) {
    try (Connection probe = probes.call()) {
      probe
          .createChannel()
          .queueDeclare(model.queue(), true, false, false, queueArguments(model, version));
    } catch (IOException e) {
      if (e.getCause() instanceof ShutdownSignalException signal
          && signal.getReason() instanceof AMQP.Connection.Close close) {
        return close.getReplyCode() + " " + close.getReplyText();
      }
    } catch (ShutdownSignalException signal) {
      if (signal.getReason() instanceof AMQP.Connection.Close close) {
        return close.getReplyCode() + " " + close.getReplyText();
      }
    } catch (Exception e) {
      // the probe could not even connect: the real declare says what is wrong
    }
    return null;
  }

  /**
   * The broker's reply text if {@code e} says it does not know the exchange type: RabbitMQ 3.x
   * closes the whole connection (503 COMMAND_INVALID), 4.0 only the channel (406
   * PRECONDITION_FAILED), both measured; else {@code null}.
   */
  private static String unknownExchangeType(IOException e) {
    if (e.getCause() instanceof ShutdownSignalException signal) {
      if (signal.getReason() instanceof AMQP.Connection.Close close
          && close.getReplyCode() == AMQP.COMMAND_INVALID) {
        return close.getReplyText();
      }
      if (signal.getReason() instanceof AMQP.Channel.Close close
          && close.getReplyCode() == AMQP.PRECONDITION_FAILED
          && close.getReplyText().contains("unknown exchange type")) {
        return close.getReplyText();
      }
    }
    return null;
  }

  /** One declare or check on the current throwaway channel. */
  void step(ConsumerModel model, String what, Step step, List<String> problems) {
    step(model, what, step, refusal(model, what), problems);
  }

  /** The problem of a refused declare of {@code what}, from the broker's reply text. */
  private static Function<String, String> refusal(ConsumerModel model, String what) {
    return reason ->
        DeclarationMessages.declareRefused(
            model.name(),
            model.where(),
            "declaring " + what,
            reason,
            "make the consumer's settings match what exists on the broker, or delete it so that"
                + " it can be declared again");
  }

  /**
   * One declare or check; {@code refused} makes the problem of a declare the broker refused (406)
   * from the broker's reply text.
   */
  private void step(
      ConsumerModel model,
      String what,
      Step step,
      Function<String, String> refused,
      List<String> problems) {
    try {
      if (channel == null || !channel.isOpen()) {
        channel = unrecorded(connection).createChannel();
      }
      step.run(channel);
    } catch (IOException e) {
      problems.add(problem(model, what, e, refused));
    } catch (RuntimeException e) {
      problems.add(
          DeclarationMessages.checkFailed(model.name(), model.where(), what, e.toString()));
    }
  }

  /**
   * The connection that {@code connection} currently runs on: channels opened there are unknown to
   * the client's recovery, and so are the declares made on them.
   */
  private static Connection unrecorded(Connection connection) {
    return connection instanceof AutorecoveringConnection recovering
        ? recovering.getDelegate()
        : connection;
  }

  private String problem(
      ConsumerModel model, String what, IOException e, Function<String, String> refused) {
    if (e.getCause() instanceof ShutdownSignalException signal
        && signal.getReason() instanceof AMQP.Channel.Close close) {
      if (close.getReplyCode() == AMQP.NOT_FOUND) {
        return DeclarationMessages.missing(model.name(), model.where(), what, vhost);
      }
      if (close.getReplyCode() == AMQP.PRECONDITION_FAILED) {
        return refused.apply(close.getReplyText());
      }
      if (close.getReplyCode() == AMQP.ACCESS_REFUSED) {
        return DeclarationMessages.declareRefused(
            model.name(),
            model.where(),
            (model.declareTopology() ? "declaring " : "checking ") + what,
            close.getReplyText(),
            permissionFix(model.name()));
      }
      return DeclarationMessages.checkFailed(
          model.name(), model.where(), what, close.getReplyText());
    }
    return DeclarationMessages.checkFailed(model.name(), model.where(), what, e.toString());
  }

  /** What to do when the user may not declare or check: say what it lacks, or declare less. */
  private String permissionFix(String consumer) {
    return "user '"
        + user
        + "' lacks the permission: grant it configure (to declare) and read/write (to consume"
        + " and publish) on these names, or declare them on the broker and set"
        + " 'warren.consumers."
        + consumer
        + ".declare-topology=false'";
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
  interface Step {
    void run(Channel channel) throws IOException;
  }
}
