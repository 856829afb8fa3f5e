package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Channels.AMQP_BINDING_VERSION;
import static dev.warren.internal.asyncapi.Json.obj;
import static dev.warren.internal.asyncapi.Json.ref;

import dev.warren.Delay;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerModel.BindingModel;
import dev.warren.internal.model.Partition;
import dev.warren.internal.model.PublicationModel;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.DelayTier;
import dev.warren.internal.settlement.DelayedRetry;
import dev.warren.internal.topology.Topology;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The document's operations: one {@code receive} per consumer, with Warren's settings as {@code
 * x-warren-*} extensions (who counts attempts, dead letter queue, retry copies, delayed retries,
 * batches, replies), and one {@code send} per declared publication. Each names the channels it uses
 * ({@link Channels}) and says there what they are for. Used once per document, not thread-safe.
 */
final class Operations {

  private static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";
  private static final String REPLY_TO = "$message.header#/reply_to";

  private final AsyncApiSource source;
  private final Channels channels;
  private final Names operationIds = new Names();
  private final Map<String, Object> operations = new LinkedHashMap<>();

  Operations(AsyncApiSource source, Channels channels) {
    this.source = source;
    this.channels = channels;
  }

  /** The operations added so far, by id. */
  Map<String, Object> all() {
    return operations;
  }

  // ---- consumers ----

  /** Adds the {@code receive} operation of consumer {@code model}. */
  void consumer(ConsumerModel model) {
    boolean declared = model.declareTopology();
    String queue = channels.queue(model.queue(), declared);
    Map<String, Object> queueChannel = channels.get(queue);
    queueChannel.put("x-warren-queue-type", model.queueType().name().toLowerCase(Locale.ROOT));
    if (declared) {
      Map<String, Object> arguments =
          new TreeMap<>(Topology.queueArguments(model, source.brokerVersion()));
      if (!arguments.isEmpty()) {
        queueChannel.put("x-warren-arguments", arguments);
      }
    }
    channels.role(queue, "Consumed by consumer '" + model.name() + "' (" + model.where() + ").");

    List<Object> bindings = new ArrayList<>();
    for (BindingModel binding : model.bindings()) {
      for (String key : binding.routingKeys()) {
        String route = channels.route(binding.exchange(), binding.type(), key, declared);
        channels.role(
            route, "Routes to queue '" + model.queue() + "' (consumer '" + model.name() + "').");
        bindings.add(obj("exchange", binding.exchange(), "routingKey", key, "channel", route));
      }
    }
    Partition partition = model.partition();
    if (partition.partitioned()) {
      // the hashing exchange, as Warren declares it for the broker's version
      String route =
          channels.route(
              partition.exchange(), source.brokerVersion().partitionExchangeType(), "", declared);
      channels.role(
          route,
          "Hashes each routing key (the message's key) to one of the "
              + partition.count()
              + " partition queues '"
              + Partition.queue(partition.exchange(), 0)
              + "' to '"
              + Partition.queue(partition.exchange(), partition.count() - 1)
              + "' of consumer '"
              + Partition.consumer(model.name())
              + "': publish with the key as routing key.");
      channels.message(route, model.shape().payloadType());
      bindings.add(obj("exchange", partition.exchange(), "routingKey", "1", "channel", route));
    }
    if (!bindings.isEmpty()) {
      queueChannel.put("x-warren-bindings", bindings);
    }

    Type payload = model.shape().payloadType();
    String message = channels.message(queue, payload);
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("action", "receive");
    operation.put("channel", ref("#/channels/" + queue));
    operation.put(
        "title", "Consumer '" + model.name() + "'" + (model.enabled() ? "" : " (disabled)"));
    operation.put("summary", model.where());
    operation.put("messages", List.of(ref("#/channels/" + queue + "/messages/" + message)));
    operation.put(
        "bindings", obj("amqp", obj("ack", true, "bindingVersion", AMQP_BINDING_VERSION)));
    if (model.shape().responder()) {
      operation.put("reply", reply(model));
    }
    operation.put(
        "x-warren-consumer",
        obj(
            "name",
            model.name(),
            "method",
            model.where(),
            "enabled",
            model.enabled(),
            "declareTopology",
            declared,
            "prefetch",
            model.prefetch(),
            "concurrency",
            model.concurrency()));
    if (partition.partitioned()) {
      operation.put(
          "x-warren-partition",
          obj(
              "exchange",
              partition.exchange(),
              "index",
              partition.index(),
              "count",
              partition.count()));
    }
    operation.put("x-warren-policy", policy(model));
    if (model.batched()) {
      operation.put(
          "x-warren-batch", obj("size", model.batchSize(), "wait", model.batchWait().toString()));
    }
    operations.put(operationIds.key("consumer:" + model.name(), model.name()), operation);
  }

  /** Who counts attempts, where messages go at the cap, and where delayed retries wait. */
  private Map<String, Object> policy(ConsumerModel model) {
    Map<String, Object> policy = new LinkedHashMap<>();
    policy.put("maxAttempts", model.maxAttempts());
    if (model.capped()) {
      if (Attempts.serverCounts(model.queueType())) {
        policy.put("attemptsCountedBy", "broker");
        policy.put("deliveryLimit", model.maxAttempts() - 1);
      } else {
        policy.put("attemptsCountedBy", "warren");
        policy.put("retryCountHeader", source.retryCountHeader());
      }
    }
    if (model.policy(source.retryCountHeader()).publishesCopies()) {
      ConsumerModel.RetryTarget retry = model.retry();
      Map<String, Object> copies =
          obj(
              "exchange",
              retry.exchange(),
              "routingKey",
              retry.routingKey(),
              "persistent",
              retry.persistent());
      if (!retry.exchange().isEmpty()) {
        String route =
            channels.route(
                retry.exchange(),
                channels.exchangeType(retry.exchange()),
                retry.routingKey(),
                false);
        channels.role(route, "Receives the retry copies of consumer '" + model.name() + "'.");
        copies.put("channel", route);
      }
      policy.put("retryCopies", copies);
    }
    if (!model.deadLetter().isEmpty()) {
      String dlq = channels.queue(model.deadLetter(), model.declareTopology());
      channels.role(
          dlq,
          "Dead letter queue of consumer '"
              + model.name()
              + (model.capped()
                  ? "': keeps the messages that reached maxAttempts=" + model.maxAttempts() + "."
                  : "': unused while maxAttempts is 0."));
      channels.message(dlq, model.shape().payloadType());
      policy.put("deadLetter", obj("queue", model.deadLetter(), "channel", dlq));
    }
    policy.put("delay", delay(model));
    DelayedRetry backOff = model.delayedRetry();
    if (backOff.declared()) {
      // the quorum queue's own back-off: the broker holds each returned delivery
      Map<String, Object> delayedRetry = obj("type", backOff.type());
      if (backOff.delaysRejects()) {
        delayedRetry.put("minMillis", backOff.minMillis());
        delayedRetry.put("maxMillis", backOff.maxMillis());
        delayedRetry.put("hold", "minMillis x delivery count, at most maxMillis");
      }
      policy.put("delayedRetry", delayedRetry);
    }
    return policy;
  }

  @SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working
  private Map<String, Object> delay(ConsumerModel model) {
    Map<String, Object> delay = new LinkedHashMap<>();
    delay.put("strategy", model.delay().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    if (model.delay() == Delay.DLX_TTL) {
      List<Object> waitQueues = new ArrayList<>();
      List<DelayTier> tiers = model.delayTiers();
      List<String> queues = model.waitQueues();
      for (int i = 0; i < queues.size(); i++) {
        String waitQueue = channels.queue(queues.get(i), model.declareTopology());
        if (model.declareTopology()) {
          channels
              .get(waitQueue)
              .put("x-warren-arguments", new TreeMap<>(Topology.waitQueueArguments(model)));
        }
        channels.message(waitQueue, model.shape().payloadType());
        Map<String, Object> entry = obj("queue", queues.get(i), "channel", waitQueue);
        String tier = "";
        if (!tiers.isEmpty()) {
          entry.put("upTo", tiers.get(i).upTo().toString());
          tier = " for delays up to " + tiers.get(i).upTo();
        }
        channels.role(
            waitQueue,
            "Wait queue of consumer '"
                + model.name()
                + "'"
                + tier
                + ": retryAfter copies wait here with a per-message TTL, then dead-letter back to"
                + " queue '"
                + model.queue()
                + "'.");
        waitQueues.add(entry);
      }
      delay.put("waitQueues", waitQueues);
    } else if (model.delay() == Delay.PLUGIN_DME) {
      String exchange =
          channels.route(
              model.delayTarget(),
              Topology.DELAYED_EXCHANGE_TYPE,
              model.queue(),
              model.declareTopology());
      channels
          .amqp(exchange)
          .put("x-warren-exchange-arguments", new TreeMap<>(Topology.DELAYED_EXCHANGE_ARGUMENTS));
      channels.message(exchange, model.shape().payloadType());
      channels.role(
          exchange,
          "Delayed-message exchange of consumer '"
              + model.name()
              + "': retryAfter copies wait their x-delay, then route to queue '"
              + model.queue()
              + "'.");
      delay.put("exchange", model.delayTarget());
      delay.put("channel", exchange);
    }
    return delay;
  }

  private Map<String, Object> reply(ConsumerModel model) {
    String id = channels.replies(model.name());
    channels.role(
        id,
        "Each reply goes to the request's reply_to through the default exchange, with the"
            + " request's correlation_id.");
    String message = channels.message(id, model.shape().replyType());
    return obj(
        "address",
        obj("location", REPLY_TO, "description", "the request's reply_to property"),
        "channel",
        ref("#/channels/" + id),
        "messages",
        List.of(ref("#/channels/" + id + "/messages/" + message)));
  }

  // ---- publications ----

  /** Adds the {@code send} operation of publication {@code p}. */
  void publication(PublicationModel p) {
    String channel =
        p.exchange().isEmpty()
            ? channels.queue(p.routingKey(), false)
            : channels.route(
                p.exchange(), channels.exchangeType(p.exchange()), p.routingKey(), false);
    channels.role(
        channel,
        (p.request() ? "Requests" : "Messages")
            + " sent by this application ("
            + String.join(", ", p.declaredAt())
            + ").");
    String message = channels.message(channel, p.payload());
    String name =
        (p.request() ? "request." : "publish.")
            + (p.exchange().isEmpty() ? "" : p.exchange() + ".")
            + p.routingKey();
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("action", "send");
    operation.put("channel", ref("#/channels/" + channel));
    operation.put(
        "title",
        (p.request() ? "Request to " : "Publication to ")
            + (p.exchange().isEmpty()
                ? "queue '" + p.routingKey() + "'"
                : "exchange '" + p.exchange() + "', routing key '" + p.routingKey() + "'"));
    if (!p.description().isEmpty()) {
      operation.put("description", p.description());
    }
    operation.put("messages", List.of(ref("#/channels/" + channel + "/messages/" + message)));
    // what the Publisher and the Requester send by default
    operation.put(
        "bindings",
        obj(
            "amqp",
            obj(
                "deliveryMode",
                p.request() ? 1 : 2,
                "mandatory",
                true,
                "bindingVersion",
                AMQP_BINDING_VERSION)));
    if (p.request()) {
      String replies = channels.queue(DIRECT_REPLY_TO, false);
      channels.role(
          replies,
          "RabbitMQ's direct reply-to pseudo-queue: the replies to this application's requests,"
              + " consumed without acknowledgements.");
      String reply = channels.message(replies, p.reply());
      operation.put(
          "reply",
          obj(
              "address",
              obj("location", REPLY_TO, "description", DIRECT_REPLY_TO + " (direct reply-to)"),
              "channel",
              ref("#/channels/" + replies),
              "messages",
              List.of(ref("#/channels/" + replies + "/messages/" + reply))));
    }
    operation.put("x-warren-declared-at", p.declaredAt());
    operations.put(operationIds.key(p, name), operation);
  }
}
