package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.List;
import java.util.Map;

/**
 * What the JSON-B annotations on a type or a property change in its mapping: {@code JsonbTransient}
 * leaves it out, {@code JsonbProperty} renames it, an adapter or serializer replaces its mapping, a
 * date or number format makes it text. Read by name: the JSON-B API is optional. Stateless.
 */
final class JsonbAnnotations {

  private static final String JSONB = "jakarta.json.bind.annotation.";

  private JsonbAnnotations() {}

  /** Whether the property is left out ({@code @JsonbTransient}). */
  static boolean isTransient(List<? extends AnnotatedElement> elements) {
    return annotated(elements, "JsonbTransient") != null;
  }

  /** The property's name in JSON: {@code @JsonbProperty}'s, else {@code javaName}. */
  static String name(String javaName, List<? extends AnnotatedElement> elements) {
    Annotation rename = annotated(elements, "JsonbProperty");
    String name = javaName;
    if (rename != null) {
      String value = text(rename, "value");
      name = value == null || value.isEmpty() ? javaName : value;
    }
    return name;
  }

  /** The schema an adapter, serializer or format on the property imposes, else {@code null}. */
  static Map<String, Object> mapping(List<AnnotatedElement> elements) {
    String adapter = adapter(elements);
    if (adapter != null) {
      return PayloadSchemas.any("written by @" + adapter);
    }
    for (String format : List.of("JsonbDateFormat", "JsonbNumberFormat")) {
      Annotation a = annotated(elements, format);
      if (a != null) {
        return obj("type", "string", "description", "formatted as '" + text(a, "value") + "'");
      }
    }
    return null;
  }

  /** The adapter or serializer annotation that replaces JSON-B's mapping, else {@code null}. */
  static String adapter(List<? extends AnnotatedElement> elements) {
    for (String name : List.of("JsonbTypeAdapter", "JsonbTypeSerializer")) {
      if (annotated(elements, name) != null) {
        return name;
      }
    }
    return null;
  }

  private static Annotation annotated(List<? extends AnnotatedElement> elements, String simple) {
    for (AnnotatedElement element : elements) {
      for (Annotation a : element.getAnnotations()) {
        if (a.annotationType().getName().equals(JSONB + simple)) {
          return a;
        }
      }
    }
    return null;
  }

  private static String text(Annotation a, String attribute) {
    try {
      Object value = a.annotationType().getMethod(attribute).invoke(a);
      return value == null ? null : value.toString();
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
