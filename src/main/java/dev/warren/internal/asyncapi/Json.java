package dev.warren.internal.asyncapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a tree of maps (in their iteration order), lists, strings, numbers, booleans and {@code
 * null} as pretty-printed JSON, and makes its objects. Warren's document must not need a JSON
 * library: JSON-B is optional.
 */
final class Json {

  private Json() {}

  /** An ordered, mutable map of the given keys and values. */
  static Map<String, Object> obj(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  /** A reference ({@code $ref}) to {@code pointer}. */
  static Map<String, Object> ref(String pointer) {
    return obj("$ref", pointer);
  }

  /** {@code tree} as JSON, indented by two spaces, ending with a newline. */
  static String write(Object tree) {
    StringBuilder out = new StringBuilder();
    value(tree, out, "");
    return out.append('\n').toString();
  }

  private static void value(Object value, StringBuilder out, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      string(text, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      object(map, out, indent);
    } else if (value instanceof List<?> list) {
      array(list, out, indent);
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }

  private static void object(Map<?, ?> map, StringBuilder out, String indent) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    String inner = indent + "  ";
    out.append("{\n");
    boolean first = true;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!first) {
        out.append(",\n");
      }
      first = false;
      out.append(inner);
      string((String) entry.getKey(), out);
      out.append(": ");
      value(entry.getValue(), out, inner);
    }
    out.append('\n').append(indent).append('}');
  }

  private static void array(List<?> list, StringBuilder out, String indent) {
    if (list.isEmpty()) {
      out.append("[]");
      return;
    }
    String inner = indent + "  ";
    out.append("[\n");
    for (int i = 0; i < list.size(); i++) {
      if (i > 0) {
        out.append(",\n");
      }
      out.append(inner);
      value(list.get(i), out, inner);
    }
    out.append('\n').append(indent).append(']');
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
          if (c < 0x20) {
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
