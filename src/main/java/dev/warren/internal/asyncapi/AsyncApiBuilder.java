package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.PayloadSchemas.obj;

import com.rabbitmq.client.Address;
import dev.warren.Delay;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.extension.ConsumerModel.BindingModel;
import dev.warren.internal.extension.PublicationModel;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.DelayTier;
import dev.warren.internal.topology.Topology;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds the AsyncAPI 3.0.0 document tree from the validated consumer models and declared
 * publications (see {@link AsyncApiSource}). Channels: every consumer's queue ({@code is: queue}),
 * the routes of its bindings ({@code is: routingKey} with the exchange), its dead letter queue,
 * wait queues or delayed exchange, its replies, and the routes publications go to. Operations: one
 * {@code receive} per consumer, with Warren's settings as {@code x-warren-*} extensions, and one
 * {@code send} per publication. Pure: the same source gives the same document.
 */
final class AsyncApiBuilder {

  static final String VERSION = "3.0.0";
  private static final String AMQP_BINDING_VERSION = "0.3.0";
  private static final Set<String> AMQP_EXCHANGE_TYPES =
      Set.of("direct", "topic", "fanout", "headers");
  private static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";
  private static final String REPLY_TO = "$message.header#/reply_to";

  private final AsyncApiSource source;
  private final PayloadSchemas schemas = new PayloadSchemas();
  private final Names channelIds = new Names();
  private final Names operationIds = new Names();
  private final Names messageIds = new Names();
  private final Map<String, Map<String, Object>> channels = new LinkedHashMap<>();
  private final Map<String, List<String>> roles = new HashMap<>();
  private final Map<String, Object> operations = new LinkedHashMap<>();
  private final Map<String, Object> messages = new LinkedHashMap<>();
  private final Map<String, String> exchangeTypes = new HashMap<>();

  private AsyncApiBuilder(AsyncApiSource source) {
    this.source = source;
  }

  /** The document of {@code source}, as a tree for {@link Json}. */
  static Map<String, Object> build(AsyncApiSource source) {
    return new AsyncApiBuilder(source).document();
  }

  private Map<String, Object> document() {
    List<ConsumerModel> consumers = new ArrayList<>(source.consumers());
    consumers.sort(Comparator.comparing(ConsumerModel::name));
    for (ConsumerModel model : consumers) {
      for (BindingModel binding : model.bindings()) {
        exchangeTypes.putIfAbsent(binding.exchange(), binding.type());
      }
    }
    consumers.forEach(this::consumer);
    source.publications().forEach(this::publication);
    channels.forEach(
        (id, channel) -> {
          List<String> lines = roles.get(id);
          if (lines == null) {
            channel.remove("description");
          } else {
            channel.put("description", String.join("\n\n", lines));
          }
        });

    Map<String, Object> document = new LinkedHashMap<>();
    document.put("asyncapi", VERSION);
    document.put(
        "info",
        obj(
            "title",
            source.title(),
            "version",
            source.version(),
            "description",
            "The RabbitMQ consumers and declared publications of this application, as Warren"
                + " deployed them."));
    document.put("defaultContentType", source.contentType());
    document.put("servers", servers());
    document.put("channels", channels);
    document.put("operations", operations);
    Map<String, Object> components = new LinkedHashMap<>();
    if (!schemas.components().isEmpty()) {
      components.put("schemas", schemas.components());
    }
    if (!messages.isEmpty()) {
      components.put("messages", messages);
    }
    if (!components.isEmpty()) {
      document.put("components", components);
    }
    return document;
  }

  private Map<String, Object> servers() {
    Map<String, Object> servers = new LinkedHashMap<>();
    List<Address> addresses = source.connection().addresses();
    for (int i = 0; i < addresses.size(); i++) {
      Address address = addresses.get(i);
      servers.put(
          addresses.size() == 1 ? "rabbitmq" : "rabbitmq-" + (i + 1),
          obj(
              "host",
              address.getHost() + ":" + address.getPort(),
              "protocol",
              source.connection().tls() ? "amqps" : "amqp",
              "protocolVersion",
              "0.9.1",
              "description",
              "virtual host '" + source.connection().virtualHost() + "'"));
    }
    return servers;
  }

  // ---- consumers ----

  private void consumer(ConsumerModel model) {
    boolean declared = model.declareTopology();
    String queue = queueChannel(model.queue(), declared);
    Map<String, Object> queueChannel = channels.get(queue);
    queueChannel.put("x-warren-queue-type", model.queueType().name().toLowerCase(Locale.ROOT));
    if (declared) {
      Map<String, Object> arguments =
          new TreeMap<>(Topology.queueArguments(model, source.brokerVersion()));
      if (!arguments.isEmpty()) {
        queueChannel.put("x-warren-arguments", arguments);
      }
    }
    role(queue, "Consumed by consumer '" + model.name() + "' (" + model.where() + ").");

    List<Object> bindings = new ArrayList<>();
    for (BindingModel binding : model.bindings()) {
      for (String key : binding.routingKeys()) {
        String route = routeChannel(binding.exchange(), binding.type(), key, declared);
        role(route, "Routes to queue '" + model.queue() + "' (consumer '" + model.name() + "').");
        bindings.add(obj("exchange", binding.exchange(), "routingKey", key, "channel", route));
      }
    }
    if (!bindings.isEmpty()) {
      queueChannel.put("x-warren-bindings", bindings);
    }

    Type payload = model.shape().payloadType();
    String message = channelMessage(queue, payload);
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
            routeChannel(
                retry.exchange(), exchangeTypes.get(retry.exchange()), retry.routingKey(), false);
        role(route, "Receives the retry copies of consumer '" + model.name() + "'.");
        copies.put("channel", route);
      }
      policy.put("retryCopies", copies);
    }
    if (!model.deadLetter().isEmpty()) {
      String dlq = queueChannel(model.deadLetter(), model.declareTopology());
      role(
          dlq,
          "Dead letter queue of consumer '"
              + model.name()
              + (model.capped()
                  ? "': keeps the messages that reached maxAttempts=" + model.maxAttempts() + "."
                  : "': unused while maxAttempts is 0."));
      channelMessage(dlq, model.shape().payloadType());
      policy.put("deadLetter", obj("queue", model.deadLetter(), "channel", dlq));
    }
    policy.put("delay", delay(model));
    return policy;
  }

  private Map<String, Object> delay(ConsumerModel model) {
    Map<String, Object> delay = new LinkedHashMap<>();
    delay.put("strategy", model.delay().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    if (model.delay() == Delay.DLX_TTL) {
      List<Object> waitQueues = new ArrayList<>();
      List<DelayTier> tiers = model.delayTiers();
      List<String> queues = model.waitQueues();
      for (int i = 0; i < queues.size(); i++) {
        String waitQueue = queueChannel(queues.get(i), model.declareTopology());
        if (model.declareTopology()) {
          channels
              .get(waitQueue)
              .put("x-warren-arguments", new TreeMap<>(Topology.waitQueueArguments(model)));
        }
        channelMessage(waitQueue, model.shape().payloadType());
        Map<String, Object> entry = obj("queue", queues.get(i), "channel", waitQueue);
        String tier = "";
        if (!tiers.isEmpty()) {
          entry.put("upTo", tiers.get(i).upTo().toString());
          tier = " for delays up to " + tiers.get(i).upTo();
        }
        role(
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
          routeChannel(
              model.delayTarget(),
              Topology.DELAYED_EXCHANGE_TYPE,
              model.queue(),
              model.declareTopology());
      amqp(channels.get(exchange), null)
          .put("x-warren-exchange-arguments", new TreeMap<>(Topology.DELAYED_EXCHANGE_ARGUMENTS));
      channelMessage(exchange, model.shape().payloadType());
      role(
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
    String id = channelIds.key("reply:" + model.name(), model.name() + ".reply");
    Map<String, Object> channel = new LinkedHashMap<>();
    channel.put("address", null);
    channel.put("title", "Replies of consumer '" + model.name() + "'");
    channel.put("description", null);
    channel.put("messages", new LinkedHashMap<String, Object>());
    channel.put(
        "bindings",
        obj(
            "amqp",
            obj(
                "is",
                "routingKey",
                "exchange",
                obj("type", "default", "vhost", source.connection().virtualHost()),
                "bindingVersion",
                AMQP_BINDING_VERSION)));
    channels.put(id, channel);
    role(
        id,
        "Each reply goes to the request's reply_to through the default exchange, with the"
            + " request's correlation_id.");
    String message = channelMessage(id, model.shape().replyType());
    return obj(
        "address",
        obj("location", REPLY_TO, "description", "the request's reply_to property"),
        "channel",
        ref("#/channels/" + id),
        "messages",
        List.of(ref("#/channels/" + id + "/messages/" + message)));
  }

  // ---- publications ----

  private void publication(PublicationModel p) {
    String channel =
        p.exchange().isEmpty()
            ? queueChannel(p.routingKey(), false)
            : routeChannel(p.exchange(), exchangeTypes.get(p.exchange()), p.routingKey(), false);
    role(
        channel,
        (p.request() ? "Requests" : "Messages")
            + " sent by this application ("
            + String.join(", ", p.declaredAt())
            + ").");
    String message = channelMessage(channel, p.payload());
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
      String replies = queueChannel(DIRECT_REPLY_TO, false);
      role(
          replies,
          "RabbitMQ's direct reply-to pseudo-queue: the replies to this application's requests,"
              + " consumed without acknowledgements.");
      String reply = channelMessage(replies, p.reply());
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

  // ---- channels and messages ----

  /** The channel of queue {@code name}; {@code declared}: whether Warren declares it. */
  private String queueChannel(String name, boolean declared) {
    String id = channelIds.key("queue:" + name, name);
    Map<String, Object> existing = channels.get(id);
    Map<String, Object> queue;
    if (existing == null) {
      queue = obj("name", name);
      Map<String, Object> channel = new LinkedHashMap<>();
      channel.put("address", name);
      channel.put("title", "Queue '" + name + "'");
      channel.put("description", null); // filled in with the channel's roles at the end
      channel.put("messages", new LinkedHashMap<String, Object>());
      channel.put(
          "bindings",
          obj("amqp", obj("is", "queue", "queue", queue, "bindingVersion", AMQP_BINDING_VERSION)));
      channels.put(id, channel);
    } else {
      queue = amqp(existing, "queue");
    }
    if (declared && !queue.containsKey("durable")) {
      // what Warren declares: durable, shared, kept without consumers
      queue.put("durable", true);
      queue.put("exclusive", false);
      queue.put("autoDelete", false);
    }
    queue.remove("vhost");
    queue.put("vhost", source.connection().virtualHost());
    return id;
  }

  /** The channel of routing key {@code key} on {@code exchange} of {@code type} (may be null). */
  private String routeChannel(String exchange, String type, String key, boolean declared) {
    String id =
        channelIds.key(
            "route:" + exchange + "\n" + key, key.isEmpty() ? exchange : exchange + "." + key);
    Map<String, Object> existing = channels.get(id);
    Map<String, Object> amqp;
    Map<String, Object> exchangeObject;
    if (existing == null) {
      exchangeObject = obj("name", exchange);
      amqp = obj("is", "routingKey", "exchange", exchangeObject);
      Map<String, Object> channel = new LinkedHashMap<>();
      channel.put("address", key);
      channel.put("title", "Exchange '" + exchange + "', routing key '" + key + "'");
      channel.put("description", null); // filled in with the channel's roles at the end
      channel.put("messages", new LinkedHashMap<String, Object>());
      channel.put("bindings", obj("amqp", amqp));
      channels.put(id, channel);
    } else {
      amqp = amqp(existing, null);
      exchangeObject = amqp(existing, "exchange");
    }
    if (type != null
        && !exchangeObject.containsKey("type")
        && !amqp.containsKey("x-warren-exchange-type")) {
      if (AMQP_EXCHANGE_TYPES.contains(type)) {
        exchangeObject.put("type", type);
      } else {
        // the AMQP binding knows only the four standard types
        amqp.put("x-warren-exchange-type", type);
      }
    }
    if (declared && !exchangeObject.containsKey("durable")) {
      exchangeObject.put("durable", true);
      exchangeObject.put("autoDelete", false);
    }
    exchangeObject.remove("vhost");
    exchangeObject.put("vhost", source.connection().virtualHost());
    amqp.remove("bindingVersion");
    amqp.put("bindingVersion", AMQP_BINDING_VERSION);
    return id;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> amqp(Map<String, Object> channel, String member) {
    Map<String, Object> amqp =
        (Map<String, Object>) ((Map<String, Object>) channel.get("bindings")).get("amqp");
    return member == null ? amqp : (Map<String, Object>) amqp.get(member);
  }

  private void role(String channel, String line) {
    List<String> lines = roles.computeIfAbsent(channel, k -> new ArrayList<>());
    if (!lines.contains(line)) {
      lines.add(line);
    }
  }

  /** Adds the message of {@code payload} to {@code channel}; returns its key there. */
  @SuppressWarnings("unchecked")
  private String channelMessage(String channel, Type payload) {
    String id = message(payload);
    ((Map<String, Object>) channels.get(channel).get("messages"))
        .put(id, ref("#/components/messages/" + id));
    return id;
  }

  /** The component message of {@code payload}, created the first time. */
  private String message(Type payload) {
    String typeName = payload.getTypeName().replace('$', '.');
    boolean known = messageIds.has(typeName);
    String id =
        messageIds.key(
            typeName,
            payload == byte[].class
                ? "Bytes"
                : payload == String.class ? "Text" : PayloadSchemas.typeKey(payload));
    if (known) {
      return id;
    }
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("name", id);
    message.put("title", typeName);
    if (payload == byte[].class) {
      message.put("contentType", "application/octet-stream");
      message.put(
          "payload", obj("type", "string", "format", "binary", "description", "the body as it is"));
    } else if (payload == String.class) {
      message.put("contentType", "text/plain");
      message.put("payload", obj("type", "string", "description", "UTF-8 text"));
    } else if (source.codec() == null) {
      message.put("contentType", source.contentType());
      message.put("payload", schemas.schema(payload));
    } else {
      message.put("contentType", source.contentType());
      message.put(
          "payload",
          obj(
              "description",
              "encoded by the application's codec "
                  + source.codec()
                  + ": Warren cannot know its schema"));
    }
    message.put("x-warren-java-type", typeName);
    messages.put(id, message);
    return id;
  }

  private static Map<String, Object> ref(String pointer) {
    return obj("$ref", pointer);
  }
}
