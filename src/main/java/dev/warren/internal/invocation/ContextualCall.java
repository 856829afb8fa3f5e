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

  /**
   * One controller per calling thread, not per call: creating one makes Weld resolve beans and
   * observers, which the benchmark measured as two thirds of a worker's time per delivery. It must
   * not be shared between threads either: a controller remembers whether it activated the context,
   * so one thread's deactivate could skip another's. Activation stays per call, so every call still
   * gets a fresh request context. Controllers live as long as the worker threads.
   */
  private final ThreadLocal<RequestContextController> controllers;

  ContextualCall(
      Object instance, Method method, Instance<RequestContextController> requestContexts) {
    this.instance = instance;
    this.method = method;
    this.controllers = ThreadLocal.withInitial(requestContexts::get);
  }

  /**
   * Calls the method with {@code args}.
   *
   * @throws InvocationTargetException wrapping what the method threw
   */
  Object call(Object[] args) throws InvocationTargetException, IllegalAccessException {
    RequestContextController requestContext = controllers.get();
    boolean activated = requestContext.activate();
    try {
      return method.invoke(instance, args);
    } finally {
      if (activated) {
        requestContext.deactivate();
      }
    }
  }
}
