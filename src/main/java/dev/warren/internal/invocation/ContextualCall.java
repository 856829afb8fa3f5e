package dev.warren.internal.invocation;

import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Calls one consumer method on its bean with the CDI request context active, so that
 * {@code @RequestScoped} beans are fresh for every call. Shared by the single and batch invokers.
 */
final class ContextualCall {

  private final Object instance;
  private final Method method;
  private final Instance<RequestContextController> requestContexts;

  ContextualCall(
      Object instance, Method method, Instance<RequestContextController> requestContexts) {
    this.instance = instance;
    this.method = method;
    this.requestContexts = requestContexts;
  }

  /**
   * Calls the method with {@code args}.
   *
   * @throws InvocationTargetException wrapping what the method threw
   */
  Object call(Object[] args) throws InvocationTargetException, IllegalAccessException {
    RequestContextController requestContext = requestContexts.get();
    boolean activated = requestContext.activate();
    try {
      return method.invoke(instance, args);
    } finally {
      if (activated) {
        requestContext.deactivate();
      }
      requestContexts.destroy(requestContext);
    }
  }
}
