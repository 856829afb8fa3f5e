package dev.warren.internal.extension;

import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Conversation;
import jakarta.enterprise.context.Destroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Set;

/**
 * Whether the application could tell that a delivery runs in a request context of its own (SPEC 1):
 * it has a {@code @RequestScoped} bean (other than CDI's built-in {@code Conversation}), or an
 * observer that receives the request context's lifecycle events ({@code @Initialized},
 * {@code @BeforeDestroyed}, {@code @Destroyed} of {@code RequestScoped}, or an unqualified observer
 * of a type the event payload may have). Only then does Warren activate the context around each
 * call: activating it through the portable {@code RequestContextController} fires those three
 * events every time, which the benchmark measured as about 1.9 KB of allocation per delivery on
 * Weld, for nothing when no bean or observer can notice. Filled while the container processes beans
 * and observers; read once when consumers start.
 */
final class RequestScopeUse {

  private volatile boolean used;

  /** Notes a bean of the application (or of a library it deploys, or a synthetic one). */
  void bean(Bean<?> bean) {
    // Weld announces its built-in Conversation bean, request-scoped, in every deployment;
    // conversations belong to HTTP requests, which a delivery is not
    if (bean.getScope() == RequestScoped.class && !bean.getTypes().contains(Conversation.class)) {
      used = true;
    }
  }

  /** Notes an observer method. */
  void observer(Type observedType, Set<Annotation> qualifiers) {
    if (receivesLifecycleEvents(observedType, qualifiers)) {
      used = true;
    }
  }

  /** Whether a delivery's call needs the request context active. */
  boolean used() {
    return used;
  }

  /**
   * Whether an observer receives the request context's lifecycle events: it names them by
   * qualifier, or it has no qualifier but {@code @Any} and observes a type the payload could have
   * (Weld sends a {@code String}; CDI allows any object, hence also {@code Object}).
   */
  static boolean receivesLifecycleEvents(Type observedType, Set<Annotation> qualifiers) {
    boolean unqualified = true;
    for (Annotation qualifier : qualifiers) {
      if (qualifier instanceof Initialized initialized
          && initialized.value() == RequestScoped.class) {
        return true;
      }
      if (qualifier instanceof BeforeDestroyed before && before.value() == RequestScoped.class) {
        return true;
      }
      if (qualifier instanceof Destroyed destroyed && destroyed.value() == RequestScoped.class) {
        return true;
      }
      if (!(qualifier instanceof Any)) {
        unqualified = false;
      }
    }
    return unqualified && rawType(observedType).isAssignableFrom(String.class);
  }

  private static Class<?> rawType(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    // a type variable or wildcard: it may match anything
    return Object.class;
  }
}
