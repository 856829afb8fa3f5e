package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;
import static dev.warren.internal.asyncapi.Json.ref;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The document's channels: one per queue ({@code is: queue}), per exchange and routing key ({@code
 * is: routingKey}) and per responder's replies, each created the first time it is named, with the
 * messages that travel on it and the lines that say what it is for. Used once per document, not
 * thread-safe.
 */
final class Channels {

  static final String AMQP_BINDING_VERSION = "0.3.0";
  private static final Set<String> AMQP_EXCHANGE_TYPES =
      Set.of("direct", "topic", "fanout", "headers");

  private final String virtualHost;
  private final MessageComponents messages;
  private final Names channelIds = new Names();
  private final Map<String, Map<String, Object>> channels = new LinkedHashMap<>();
  private final Map<String, List<String>> roles = new HashMap<>();
  private final Map<String, String> exchangeTypes = new HashMap<>();

  /**
   * @param virtualHost the virtual host every queue and exchange is in
   * @param messages where the messages that travel on the channels are described
   */
  Channels(String virtualHost, MessageComponents messages) {
    this.virtualHost = virtualHost;
    this.messages = messages;
  }

  /** Remembers the type of {@code exchange} as a binding declares it, unless known already. */
  void exchangeType(String exchange, String type) {
    exchangeTypes.putIfAbsent(exchange, type);
  }

  /** The type of {@code exchange} as a binding declared it; {@code null} if none did. */
  String exchangeType(String exchange) {
    return exchangeTypes.get(exchange);
  }

  /** The channel of queue {@code name}; {@code declared}: whether Warren declares it. */
  String queue(String name, boolean declared) {
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
    queue.put("vhost", virtualHost);
    return id;
  }

  /** The channel of routing key {@code key} on {@code exchange} of {@code type} (may be null). */
  String route(String exchange, String type, String key, boolean declared) {
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
    exchangeObject.put("vhost", virtualHost);
    amqp.remove("bindingVersion");
    amqp.put("bindingVersion", AMQP_BINDING_VERSION);
    return id;
  }

  /** The channel of the replies of consumer {@code consumer}, through the default exchange. */
  String replies(String consumer) {
    String id = channelIds.key("reply:" + consumer, consumer + ".reply");
    Map<String, Object> channel = new LinkedHashMap<>();
    channel.put("address", null);
    channel.put("title", "Replies of consumer '" + consumer + "'");
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
                obj("type", "default", "vhost", virtualHost),
                "bindingVersion",
                AMQP_BINDING_VERSION)));
    channels.put(id, channel);
    return id;
  }

  /** The channel {@code id}, to add Warren's extensions to. */
  Map<String, Object> get(String id) {
    return channels.get(id);
  }

  /** The AMQP binding of channel {@code id}. */
  Map<String, Object> amqp(String id) {
    return amqp(channels.get(id), null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> amqp(Map<String, Object> channel, String member) {
    Map<String, Object> amqp =
        (Map<String, Object>) ((Map<String, Object>) channel.get("bindings")).get("amqp");
    return member == null ? amqp : (Map<String, Object>) amqp.get(member);
  }

  /** Adds {@code line} to what channel {@code channel} is said to be for, once. */
  void role(String channel, String line) {
    List<String> lines = roles.computeIfAbsent(channel, k -> new ArrayList<>());
    if (!lines.contains(line)) {
      lines.add(line);
    }
  }

  /** Adds the message of {@code payload} to {@code channel}; returns its key there. */
  @SuppressWarnings("unchecked")
  String message(String channel, Type payload) {
    String id = messages.key(payload);
    ((Map<String, Object>) channels.get(channel).get("messages"))
        .put(id, ref("#/components/messages/" + id));
    return id;
  }

  /** Every channel, by id, each described by its roles; called once, when all are named. */
  Map<String, Map<String, Object>> described() {
    channels.forEach(
        (id, channel) -> {
          List<String> lines = roles.get(id);
          if (lines == null) {
            channel.remove("description");
          } else {
            channel.put("description", String.join("\n\n", lines));
          }
        });
    return channels;
  }
}
