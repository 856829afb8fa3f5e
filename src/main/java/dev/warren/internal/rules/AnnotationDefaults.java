package dev.warren.internal.rules;

import java.lang.annotation.Annotation;

/**
 * The defaults an annotation type declares, read by reflection at deployment, so that no default is
 * written twice (the annotation processor reads the same defaults from the compiler's model of the
 * annotation type).
 */
public final class AnnotationDefaults {

  private AnnotationDefaults() {}

  /**
   * The default of {@code element} in {@code type}.
   *
   * @throws IllegalArgumentException if {@code type} has no such element or it has no default
   */
  public static <T> T of(Class<? extends Annotation> type, String element, Class<T> valueType) {
    Object value;
    try {
      value = type.getMethod(element).getDefaultValue();
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException("@" + type.getSimpleName() + " has no '" + element + "'");
    }
    if (value == null) {
      throw new IllegalArgumentException(
          "@" + type.getSimpleName() + "'s '" + element + "' has no default");
    }
    return valueType.cast(value);
  }
}
