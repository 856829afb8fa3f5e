package dev.warren.internal.extension;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.logging.Messages;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * What a consumer method looks like: where its payload and {@link Delivery} parameters are and how
 * to read its return value. Worked out once at deployment from the method's signature.
 *
 * @param method the bean method
 * @param payloadIndex the payload parameter's position
 * @param payloadType the payload parameter's generic type
 * @param deliveryIndex the {@link Delivery} parameter's position, or -1
 * @param returnKind how the return value settles the delivery
 */
public record HandlerShape(
    Method method, int payloadIndex, Type payloadType, int deliveryIndex, ReturnKind returnKind) {

  /** How a consumer method's return value becomes an outcome. */
  public enum ReturnKind {
    /** Returns an {@link Outcome}. */
    OUTCOME,
    /** Returns nothing: a normal return acks. */
    VOID,
    /** Returns {@code CompletionStage<Outcome>}: settles when the stage completes. */
    STAGE
  }

  /** The number of parameters the method takes. */
  public int parameterCount() {
    return method.getParameterCount();
  }

  /**
   * Works out the shape of {@code method}, reporting every problem it has.
   *
   * @param consumer the consumer name, for messages
   * @param where {@code BeanClass#method}, for messages
   * @return the shape, or {@code null} when a problem was reported
   */
  public static HandlerShape of(
      Method method, String consumer, String where, Consumer<String> problems) {
    boolean ok = true;
    if (!Modifier.isPublic(method.getModifiers())) {
      problems.accept(Messages.methodNotInvocable(consumer, where, "is not public"));
      ok = false;
    }
    if (Modifier.isStatic(method.getModifiers())) {
      problems.accept(Messages.methodNotInvocable(consumer, where, "is static"));
      ok = false;
    }
    Type[] parameters = method.getGenericParameterTypes();
    List<Integer> payloads = new ArrayList<>();
    int deliveryIndex = -1;
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i] == Delivery.class && deliveryIndex < 0) {
        deliveryIndex = i;
      } else {
        payloads.add(i);
      }
    }
    // a second Delivery lands in payloads, but it is never a body: the codec cannot decode into
    // it, so a method whose only "payload" is a Delivery has no payload at all
    if (payloads.stream().allMatch(i -> parameters[i] == Delivery.class)) {
      problems.accept(Messages.noPayload(consumer, where));
      ok = false;
    } else if (payloads.size() > 1) {
      List<String> names = new ArrayList<>();
      for (int i : payloads) {
        names.add(parameters[i].getTypeName());
      }
      problems.accept(Messages.twoPayloads(consumer, where, String.join(", ", names)));
      ok = false;
    }
    ReturnKind returnKind = returnKind(method);
    if (returnKind == null) {
      problems.accept(
          Messages.unsupportedReturnType(
              consumer, where, method.getGenericReturnType().getTypeName()));
      ok = false;
    }
    if (!ok) {
      return null;
    }
    int payloadIndex = payloads.get(0);
    return new HandlerShape(
        method, payloadIndex, parameters[payloadIndex], deliveryIndex, returnKind);
  }

  private static ReturnKind returnKind(Method method) {
    Class<?> raw = method.getReturnType();
    if (raw == void.class) {
      return ReturnKind.VOID;
    }
    if (Outcome.class.isAssignableFrom(raw)) {
      return ReturnKind.OUTCOME;
    }
    if (CompletionStage.class.isAssignableFrom(raw)
        && method.getGenericReturnType() instanceof ParameterizedType stage
        && stage.getActualTypeArguments().length == 1
        && isOutcome(stage.getActualTypeArguments()[0])) {
      return ReturnKind.STAGE;
    }
    return null;
  }

  private static boolean isOutcome(Type type) {
    if (type instanceof Class<?> c) {
      return Outcome.class.isAssignableFrom(c);
    }
    if (type instanceof WildcardType w) {
      Type[] upper = w.getUpperBounds();
      return w.getLowerBounds().length == 0
          && upper.length == 1
          && upper[0] instanceof Class<?> c
          && Outcome.class.isAssignableFrom(c);
    }
    return false;
  }
}
