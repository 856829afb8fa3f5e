package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;

import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The document's reusable messages ({@code #/components/messages}), one per payload type, with
 * their payloads' schemas ({@code #/components/schemas}): bytes, text, a JSON Schema of what JSON-B
 * writes, or, under the application's own codec, only what Warren can say. Used once per document,
 * not thread-safe.
 */
final class MessageComponents {

  private final AsyncApiSource source;
  private final PayloadSchemas schemas = new PayloadSchemas();
  private final Names messageIds = new Names();
  private final Map<String, Object> messages = new LinkedHashMap<>();

  MessageComponents(AsyncApiSource source) {
    this.source = source;
  }

  /** The messages described so far, by key. */
  Map<String, Object> messages() {
    return messages;
  }

  /** The payload schemas the messages refer to, by key. */
  Map<String, Object> schemas() {
    return schemas.components();
  }

  /** The key of the component message of {@code payload}, created the first time. */
  String key(Type payload) {
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
}
