package dev.warren.internal.invocation;

import dev.warren.internal.extension.HandlerShape;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Calls one consumer method on its bean with the CDI request context active, so that
 * {@code @RequestScoped} beans are fresh for every call; when the application has nothing that
 * could notice the context (no {@code @RequestScoped} bean, no observer of its events), the call
 * goes without it. Shared by the single and batch invokers.
 */
final class ContextualCall {

  private final Object instance;
  private final HandlerShape shape;
  private final Method method;

  /**
   * One controller per calling thread, not per call: creating one makes Weld resolve beans and
   * observers, which the benchmark measured as two thirds of a worker's time per delivery. It must
   * not be shared between threads either: a controller remembers whether it activated the context,
   * so one thread's deactivate could skip another's. Activation stays per call, so every call still
   * gets a fresh request context. Controllers live as long as the worker threads.
   */
  private final ThreadLocal<RequestContextController> controllers;

  /**
   * @param requestContexts where the controllers come from, or {@code null} when no call needs the
   *     request context
   */
  ContextualCall(
      Object instance, HandlerShape shape, Instance<RequestContextController> requestContexts) {
    this.instance = instance;
    this.shape = shape;
    this.method = shape.method();
    this.controllers =
        requestContexts == null ? null : ThreadLocal.withInitial(requestContexts::get);
  }

  /**
   * Calls the method with the payload (or payloads) and, if it takes one, the delivery (or
   * deliveries) in their places.
   *
   * @throws InvocationTargetException wrapping what the method threw
   */
  Object call(Object payload, Object delivery)
      throws InvocationTargetException, IllegalAccessException {
    Object[] args = new Object[shape.parameterCount()];
    args[shape.payloadIndex()] = payload;
    if (shape.deliveryIndex() >= 0) {
      args[shape.deliveryIndex()] = delivery;
    }
    RequestContextController requestContext = controllers == null ? null : controllers.get();
    boolean activated = requestContext != null && requestContext.activate();
    try {
      return method.invoke(instance, args);
    } finally {
      if (activated) {
        requestContext.deactivate();
      }
    }
  }
}
