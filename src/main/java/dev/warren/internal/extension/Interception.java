package dev.warren.internal.extension;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Whether Warren's interceptor can be bound to a consumer method: the container intercepts a bean
 * through a subclass, so neither the method nor its bean class may be final, and only public
 * instance methods are business methods.
 */
final class Interception {

  private Interception() {}

  /**
   * What keeps the container from intercepting {@code method} on a bean of {@code beanClass}, with
   * the fix; {@code null} when nothing does.
   */
  static String obstacle(Class<?> beanClass, Method method) {
    int modifiers = method.getModifiers();
    if (!Modifier.isPublic(modifiers)) {
      return "the method is not public; make it public";
    }
    if (Modifier.isStatic(modifiers)) {
      return "the method is static; make it an instance method";
    }
    if (Modifier.isFinal(beanClass.getModifiers())) {
      return "its class '" + beanClass.getName() + "' is final; make the class non-final";
    }
    if (Modifier.isFinal(modifiers)) {
      return "the method is final; make it non-final";
    }
    return null;
  }
}
