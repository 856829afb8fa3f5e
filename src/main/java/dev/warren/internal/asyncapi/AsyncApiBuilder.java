package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;

import com.rabbitmq.client.Address;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerModel.BindingModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the AsyncAPI 3.0.0 document tree from the validated consumer models and declared
 * publications (see {@link AsyncApiSource}): the info and servers here, the operations ({@link
 * Operations}) in consumer-name order, then publication order, which name the channels ({@link
 * Channels}) and messages ({@link MessageComponents}) they use. Pure: the same source gives the
 * same document.
 */
final class AsyncApiBuilder {

  static final String VERSION = "3.0.0";

  private final AsyncApiSource source;
  private final MessageComponents messages;
  private final Channels channels;
  private final Operations operations;

  private AsyncApiBuilder(AsyncApiSource source) {
    this.source = source;
    this.messages = new MessageComponents(source);
    this.channels = new Channels(source.connection().virtualHost(), messages);
    this.operations = new Operations(source, channels);
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
        channels.exchangeType(binding.exchange(), binding.type());
      }
    }
    consumers.forEach(operations::consumer);
    source.publications().forEach(operations::publication);

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
    document.put("channels", channels.described());
    document.put("operations", operations.all());
    Map<String, Object> components = new LinkedHashMap<>();
    if (!messages.schemas().isEmpty()) {
      components.put("schemas", messages.schemas());
    }
    if (!messages.messages().isEmpty()) {
      components.put("messages", messages.messages());
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
}
