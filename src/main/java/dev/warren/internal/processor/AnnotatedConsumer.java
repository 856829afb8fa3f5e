package dev.warren.internal.processor;

import dev.warren.QueueType;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * One {@code @RabbitConsumer} as the compiler sees it: each element's value as written, else the
 * default the annotation type declares ({@link ExecutableElement#getDefaultValue()}), so that no
 * default is written here; and the method's parameters sorted as deployment sorts them.
 */
final class AnnotatedConsumer {

  private static final String DELIVERY = "dev.warren.Delivery";
  private static final String BATCH_DELIVERIES = "java.util.List<dev.warren.Delivery>";

  private final Map<String, Object> values = new HashMap<>();
  private final Set<String> written = new HashSet<>();
  private final ExecutableElement method;

  AnnotatedConsumer(ExecutableElement method, AnnotationMirror mirror) {
    this.method = method;
    Map<String, AnnotationValue> explicit = new HashMap<>();
    mirror
        .getElementValues()
        .forEach((key, value) -> explicit.put(key.getSimpleName().toString(), value));
    written.addAll(explicit.keySet());
    TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
    for (ExecutableElement element : ElementFilter.methodsIn(type.getEnclosedElements())) {
      String name = element.getSimpleName().toString();
      AnnotationValue value = explicit.getOrDefault(name, element.getDefaultValue());
      if (value != null) {
        values.put(name, value.getValue());
      }
    }
  }

  /** A text element's value; {@code ""} for one without a value (a compile error of its own). */
  String text(String element) {
    return (String) values.getOrDefault(element, "");
  }

  /** A number element's value. */
  int number(String element) {
    return (Integer) values.get(element);
  }

  /** How many values an array element has. */
  int count(String element) {
    return ((List<?>) values.get(element)).size();
  }

  /** An enum element's constant name, such as {@code NONE}. */
  String constant(String element) {
    return ((VariableElement) values.get(element)).getSimpleName().toString();
  }

  /** Whether the application wrote {@code element} (rather than leaving the default). */
  boolean written(String element) {
    return written.contains(element);
  }

  /** Whether {@code queueType} is {@code QUORUM}. */
  boolean quorum() {
    return values.get("queueType") instanceof VariableElement constant
        && constant.getSimpleName().contentEquals(QueueType.QUORUM.name());
  }

  /** {@code com.acme.Orders#onOrder}, for messages. */
  String where() {
    return ((TypeElement) method.getEnclosingElement()).getQualifiedName()
        + "#"
        + method.getSimpleName();
  }

  /**
   * The parameters that are no {@code @Header}: one {@code Delivery} is metadata, everything else
   * (a second {@code Delivery} included) is a payload, and a {@code Delivery} is never a body; a
   * batch consumer's {@code List<Delivery>} is metadata too (deployment checks it belongs to a
   * batch).
   */
  List<? extends VariableElement> parameters() {
    return method.getParameters().stream()
        .filter(p -> p.getAnnotation(dev.warren.Header.class) == null)
        .toList();
  }

  /** How many of the {@link #parameters()} the codec would decode into. */
  int bodies() {
    List<? extends VariableElement> parameters = parameters();
    return parameters.size() - count(parameters, DELIVERY) - count(parameters, BATCH_DELIVERIES);
  }

  /** The bodies plus each {@code Delivery} or {@code List<Delivery>} beyond the first. */
  int payloads() {
    List<? extends VariableElement> parameters = parameters();
    return bodies()
        + Math.max(0, count(parameters, DELIVERY) - 1)
        + Math.max(0, count(parameters, BATCH_DELIVERIES) - 1);
  }

  private static int count(List<? extends VariableElement> parameters, String type) {
    return (int) parameters.stream().filter(p -> p.asType().toString().equals(type)).count();
  }
}
