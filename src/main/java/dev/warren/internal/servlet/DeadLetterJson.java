package dev.warren.internal.servlet;

import com.rabbitmq.client.AMQP;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterReport;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON the dead letter endpoint answers with: a report, a count, a page of dead letters, an
 * error. Written by hand, as the AsyncAPI document is: JSON-B is optional for Warren. A body is
 * always given as base64 ({@code body}), and also as text ({@code bodyText}) when its content type
 * is textual and it is valid UTF-8.
 */
final class DeadLetterJson {

  private DeadLetterJson() {}

  static String count(String user, Object query, long count) {
    return write(object("user", user, "query", query.toString(), "count", count));
  }

  static String page(String user, Object query, List<DeadLetter> letters) {
    List<Object> items = new ArrayList<>();
    for (DeadLetter letter : letters) {
      items.add(letter(letter));
    }
    return write(
        object(
            "user", user, "query", query.toString(), "size", items.size(), "deadLetters", items));
  }

  static String report(String user, String operation, Object query, DeadLetterReport report) {
    List<Object> failed = new ArrayList<>();
    for (DeadLetterReport.Failure failure : report.failed()) {
      failed.add(
          object(
              "messageId", failure.messageId(), "target", failure.target(), "why", failure.why()));
    }
    return write(
        object(
            "user", user,
            "operation", operation,
            "query", query.toString(),
            "queue", report.queue(),
            "dryRun", report.dryRun(),
            "examined", report.examined(),
            "selected", report.selected(),
            "done", report.done(),
            "selectedIds", new ArrayList<Object>(report.selectedIds()),
            "failed", failed,
            "tookMillis", report.took().toMillis()));
  }

  static String error(int status, String message) {
    return write(object("status", status, "message", message));
  }

  private static Map<String, Object> letter(DeadLetter letter) {
    AMQP.BasicProperties p = letter.properties();
    Map<String, Object> properties =
        object(
            "contentType", p.getContentType(),
            "contentEncoding", p.getContentEncoding(),
            "deliveryMode", p.getDeliveryMode(),
            "priority", p.getPriority(),
            "correlationId", p.getCorrelationId(),
            "replyTo", p.getReplyTo(),
            "expiration", p.getExpiration(),
            "messageId", p.getMessageId(),
            "timestamp", p.getTimestamp(),
            "type", p.getType(),
            "userId", p.getUserId(),
            "appId", p.getAppId());
    properties.values().removeIf(v -> v == null);
    return object(
        "position", letter.position(),
        "messageId", letter.messageId(),
        "originQueue", letter.originQueue(),
        "reason", letter.reason(),
        "exception", letter.exception(),
        "diedAt", letter.diedAt(),
        "replayed", letter.replayed(),
        "headers", letter.headers(),
        "properties", properties,
        "body", Base64.getEncoder().encodeToString(letter.body()),
        "bodyText", text(p.getContentType(), letter.body()));
  }

  /**
   * The body as text when its content type is textual ({@code text/*}, JSON, XML, form data) or
   * absent, and it is valid UTF-8; else {@code null}.
   */
  static String text(String contentType, byte[] body) {
    if (contentType != null && !textual(contentType)) {
      return null;
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static boolean textual(String contentType) {
    String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return type.startsWith("text/")
        || type.equals("application/json")
        || type.endsWith("+json")
        || type.equals("application/xml")
        || type.endsWith("+xml")
        || type.equals("application/x-www-form-urlencoded");
  }

  private static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  static String write(Object tree) {
    StringBuilder out = new StringBuilder();
    value(tree, out);
    return out.append('\n').toString();
  }

  private static void value(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Number number) {
      double d = number.doubleValue();
      if (Double.isFinite(d)) {
        out.append(number);
      } else {
        string(number.toString(), out);
      }
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.append(first ? "" : ",");
        first = false;
        string(String.valueOf(entry.getKey()), out);
        out.append(':');
        value(entry.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ",");
        value(list.get(i), out);
      }
      out.append(']');
    } else if (value instanceof Object[] array) {
      value(java.util.Arrays.asList(array), out);
    } else if (value instanceof java.util.Collection<?> collection) {
      value(new ArrayList<Object>(collection), out);
    } else if (value instanceof byte[] bytes) {
      string(Base64.getEncoder().encodeToString(bytes), out);
    } else if (value instanceof Date date) {
      string(date.toInstant().toString(), out);
    } else if (value instanceof Instant instant) {
      string(instant.toString(), out);
    } else {
      string(value.toString(), out);
    }
  }

  private static void string(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
