package dev.warren.internal.model;

import dev.warren.Delivery;
import dev.warren.Header;
import dev.warren.Outcome;
import dev.warren.internal.codec.Headers;
import dev.warren.internal.logging.BatchMessages;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.logging.HeaderMessages;
import dev.warren.internal.rules.ConsumerRules;
import java.lang.annotation.Annotation;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a consumer method looks like: where its payload and {@link Delivery} parameters are and how
 * to read its return value. Worked out once at deployment from the method's signature.
 *
 * <p>A batch consumer (batchSize above 1) takes {@code List<T>} as its payload parameter and,
 * optionally, {@code List<Delivery>}; its payload type is the element type {@code T}.
 *
 * @param method the bean method
 * @param payloadIndex the payload parameter's position
 * @param payloadType the payload parameter's generic type; for a batch, the list's element type
 * @param deliveryIndex the {@link Delivery} (for a batch: {@code List<Delivery>}) parameter's
 *     position, or -1
 * @param returnKind how the return value settles the delivery
 * @param batch whether the method is called with a batch of deliveries
 * @param headers the {@link Header} parameters
 */
public record HandlerShape(
    Method method,
    int payloadIndex,
    Type payloadType,
    int deliveryIndex,
    ReturnKind returnKind,
    boolean batch,
    List<HeaderParameter> headers) {

  /**
   * A {@link Header} parameter.
   *
   * @param index its position
   * @param name the header's name
   * @param type what the header is read as (a primitive's wrapper; for an {@code Optional}, its
   *     element type)
   * @param optional whether the parameter is an {@code Optional} (else the header is required)
   * @param primitive whether the parameter is a primitive (its wrapper's value is unboxed)
   */
  public record HeaderParameter(
      int index, String name, Class<?> type, boolean optional, boolean primitive) {}

  /** What a {@link Header} parameter can be, and {@code Optional} of it. */
  private static final Set<Class<?>> HEADER_TYPES =
      Set.of(
          String.class,
          Integer.class,
          Long.class,
          Short.class,
          Byte.class,
          Boolean.class,
          Double.class,
          Float.class,
          BigDecimal.class,
          byte[].class,
          Date.class,
          Instant.class,
          List.class,
          Map.class,
          Object.class);

  /** How a consumer method's return value becomes an outcome. */
  public enum ReturnKind {
    /** Returns an {@link Outcome}. */
    OUTCOME,
    /** Returns nothing: a normal return acks. */
    VOID,
    /** Returns {@code CompletionStage<Outcome>}: settles when the stage completes. */
    STAGE,
    /** A batch consumer returns {@code List<Outcome>}: element i settles delivery i. */
    OUTCOMES,
    /** A batch consumer returns {@code CompletionStage<List<Outcome>>}. */
    OUTCOMES_STAGE,
    /** A responder: returns the reply; the request is acked once the reply is published. */
    REPLY,
    /** A responder returning {@code CompletionStage<R>}: replies when the stage completes. */
    REPLY_STAGE
  }

  /** Whether the method is a responder: its return value is a reply to the request. */
  public boolean responder() {
    return returnKind == ReturnKind.REPLY || returnKind == ReturnKind.REPLY_STAGE;
  }

  /** The declared type of a responder's reply (the stage's value for {@code REPLY_STAGE}). */
  public Type replyType() {
    Type declared = method.getGenericReturnType();
    if (returnKind == ReturnKind.REPLY_STAGE && declared instanceof ParameterizedType stage) {
      return stage.getActualTypeArguments()[0];
    }
    return declared;
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
    return of(method, consumer, where, 1, problems);
  }

  /**
   * Works out the shape of {@code method} for a consumer with {@code batchSize}, reporting every
   * problem it has.
   *
   * @param batchSize the consumer's batch size; above 1 the method takes lists
   * @return the shape, or {@code null} when a problem was reported
   */
  public static HandlerShape of(
      Method method, String consumer, String where, int batchSize, Consumer<String> problems) {
    boolean batch = batchSize > 1;
    boolean ok = true;
    if (!Modifier.isPublic(method.getModifiers())) {
      problems.accept(DeclarationMessages.methodNotInvocable(consumer, where, "is not public"));
      ok = false;
    }
    if (Modifier.isStatic(method.getModifiers())) {
      problems.accept(DeclarationMessages.methodNotInvocable(consumer, where, "is static"));
      ok = false;
    }
    Type[] parameters = method.getGenericParameterTypes();
    Annotation[][] annotations = method.getParameterAnnotations();
    List<Integer> payloads = new ArrayList<>();
    List<HeaderParameter> headers = new ArrayList<>();
    int deliveryIndex = -1;
    for (int i = 0; i < parameters.length; i++) {
      Header header = header(annotations[i]);
      if (header != null) {
        HeaderParameter parameter = headerParameter(i, header, parameters[i]);
        if (header.value().isBlank()) {
          problems.accept(HeaderMessages.headerBlankName(consumer, where));
          ok = false;
        } else if (batch) {
          problems.accept(HeaderMessages.headerOnBatch(consumer, where, header.value()));
          ok = false;
        } else if (parameter == null) {
          problems.accept(
              HeaderMessages.headerParameterType(
                  consumer, where, header.value(), parameters[i].getTypeName()));
          ok = false;
        } else {
          headers.add(parameter);
        }
      } else if (isListOf(parameters[i], Delivery.class)) {
        if (!batch) {
          problems.accept(
              BatchMessages.batchOnly(
                  consumer, where, "parameter '" + parameters[i].getTypeName() + "'"));
          ok = false;
        } else if (deliveryIndex < 0) {
          deliveryIndex = i;
        } else {
          payloads.add(i);
        }
      } else if (batch && parameters[i] == Delivery.class) {
        problems.accept(BatchMessages.batchSingleDelivery(consumer, where));
        ok = false;
      } else if (parameters[i] == Delivery.class && deliveryIndex < 0 && !batch) {
        deliveryIndex = i;
      } else {
        payloads.add(i);
      }
    }
    // a second Delivery (or List<Delivery>) lands in payloads, but it is never a body: the codec
    // cannot decode into it, so a method whose only "payload" is one has no payload at all
    int bodies =
        (int)
            payloads.stream()
                .filter(
                    i ->
                        parameters[i] != Delivery.class && !isListOf(parameters[i], Delivery.class))
                .count();
    Supplier<String> listed =
        () -> String.join(", ", payloads.stream().map(i -> parameters[i].getTypeName()).toList());
    if (!ConsumerRules.onePayload(consumer, where, bodies, payloads.size(), listed, problems)) {
      ok = false;
    }
    Type payloadType = payloads.size() == 1 ? parameters[payloads.get(0)] : null;
    if (batch && payloadType != null) {
      payloadType = elementType(payloadType);
      if (payloadType == null) {
        problems.accept(
            BatchMessages.batchNotAList(
                consumer, where, batchSize, parameters[payloads.get(0)].getTypeName()));
        ok = false;
      }
    }
    ReturnKind returnKind = returnKind(method);
    String returnType = method.getGenericReturnType().getTypeName();
    if (returnKind == null) {
      problems.accept(
          batch
              ? BatchMessages.batchReturnType(consumer, where, returnType)
              : DeclarationMessages.unsupportedReturnType(consumer, where, returnType));
      ok = false;
    } else if (batch && (returnKind == ReturnKind.REPLY || returnKind == ReturnKind.REPLY_STAGE)) {
      problems.accept(BatchMessages.batchReturnType(consumer, where, returnType));
      ok = false;
    } else if (!batch
        && (returnKind == ReturnKind.OUTCOMES || returnKind == ReturnKind.OUTCOMES_STAGE)) {
      problems.accept(BatchMessages.batchOnly(consumer, where, "return type '" + returnType + "'"));
      ok = false;
    }
    if (!ok) {
      return null;
    }
    return new HandlerShape(
        method,
        payloads.get(0),
        payloadType,
        deliveryIndex,
        returnKind,
        batch,
        List.copyOf(headers));
  }

  private static Header header(Annotation[] annotations) {
    for (Annotation annotation : annotations) {
      if (annotation instanceof Header header) {
        return header;
      }
    }
    return null;
  }

  /** The parameter, or {@code null} when its type is none a header can be. */
  private static HeaderParameter headerParameter(int index, Header header, Type type) {
    boolean optional = false;
    Type value = type;
    if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
      optional = true;
      value = p.getActualTypeArguments()[0];
    }
    Class<?> raw = headerClass(value);
    if (raw == null || optional && raw.isPrimitive()) {
      return null;
    }
    return new HeaderParameter(
        index, header.value(), Headers.boxed(raw), optional, raw.isPrimitive());
  }

  /** A supported header type as a class: {@code List<Object>} and {@code Map<String, Object>}. */
  private static Class<?> headerClass(Type type) {
    if (type instanceof Class<?> c) {
      if (c.isPrimitive() && c != void.class && c != char.class) {
        return c;
      }
      return HEADER_TYPES.contains(c) && c != List.class && c != Map.class ? c : null;
    }
    if (type instanceof ParameterizedType p) {
      Type[] args = p.getActualTypeArguments();
      if (p.getRawType() == List.class && isObject(args[0])) {
        return List.class;
      }
      if (p.getRawType() == Map.class && args[0] == String.class && isObject(args[1])) {
        return Map.class;
      }
    }
    return null;
  }

  /** {@code Object} or {@code ?}. */
  private static boolean isObject(Type type) {
    return type == Object.class
        || type instanceof WildcardType w
            && w.getLowerBounds().length == 0
            && w.getUpperBounds().length == 1
            && w.getUpperBounds()[0] == Object.class;
  }

  /** {@code T} of {@code List<T>} when {@code T} is a concrete type; else {@code null}. */
  private static Type elementType(Type type) {
    if (type instanceof ParameterizedType list
        && list.getRawType() == List.class
        && (list.getActualTypeArguments()[0] instanceof Class<?>
            || list.getActualTypeArguments()[0] instanceof ParameterizedType
            || list.getActualTypeArguments()[0] instanceof GenericArrayType)) {
      return list.getActualTypeArguments()[0];
    }
    return null;
  }

  private static boolean isListOf(Type type, Class<?> element) {
    return type instanceof ParameterizedType list
        && list.getRawType() == List.class
        && list.getActualTypeArguments()[0] == element;
  }

  private static boolean isOutcomeList(Type type) {
    return type instanceof ParameterizedType list
        && list.getRawType() == List.class
        && isOutcome(list.getActualTypeArguments()[0]);
  }

  private static ReturnKind returnKind(Method method) {
    Class<?> raw = method.getReturnType();
    if (raw == void.class) {
      return ReturnKind.VOID;
    }
    if (Outcome.class.isAssignableFrom(raw)) {
      return ReturnKind.OUTCOME;
    }
    Type generic = method.getGenericReturnType();
    if (isOutcomeList(generic)) {
      return ReturnKind.OUTCOMES;
    }
    if (CompletionStage.class.isAssignableFrom(raw)) {
      if (!(generic instanceof ParameterizedType stage)
          || stage.getActualTypeArguments().length != 1) {
        return null;
      }
      Type value = stage.getActualTypeArguments()[0];
      if (isOutcome(value)) {
        return ReturnKind.STAGE;
      }
      if (isOutcomeList(value)) {
        return ReturnKind.OUTCOMES_STAGE;
      }
      // a stage of nothing (Void, a wildcard, a type variable) has no reply to send
      return replyable(value) ? ReturnKind.REPLY_STAGE : null;
    }
    if (Future.class.isAssignableFrom(raw) || raw == Void.class) {
      return null;
    }
    return ReturnKind.REPLY;
  }

  private static boolean replyable(Type type) {
    return type instanceof Class<?> c
            && c != Void.class
            && !Future.class.isAssignableFrom(c)
            && !CompletionStage.class.isAssignableFrom(c)
        || type instanceof ParameterizedType p
            && !(p.getRawType() instanceof Class<?> r
                && (Future.class.isAssignableFrom(r) || CompletionStage.class.isAssignableFrom(r)))
        || type instanceof GenericArrayType;
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
