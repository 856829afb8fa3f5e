package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.lang.reflect.ParameterizedType;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * The application's {@link FailureMapper} beans, by exception type. For a thrown exception the
 * mapper registered for its class or its nearest superclass wins. Built once at start; the lookup
 * per exception class is cached.
 */
public final class FailureMapping {

  private static final Logger LOG = Logger.getLogger(FailureMapping.class.getName());

  private final Map<Class<?>, FailureMapper<?>> byType;
  private final Map<Class<?>, Optional<FailureMapper<?>>> resolved = new ConcurrentHashMap<>();

  /**
   * @param byType each mapper under the exception type it declares
   */
  public FailureMapping(Map<Class<? extends Throwable>, FailureMapper<?>> byType) {
    this.byType = Map.copyOf(byType);
  }

  /**
   * The application's {@link FailureMapper} beans, each under the exception type it declares; a
   * mapper of a type variable is left out with a warning.
   *
   * @param contexts takes the creational context of each mapper, to be released at shutdown
   */
  public static FailureMapping resolve(
      BeanManager beanManager, Consumer<CreationalContext<?>> contexts) {
    Map<Class<? extends Throwable>, FailureMapper<?>> byType = new HashMap<>();
    for (Bean<?> bean : FailureMappers.beans(beanManager)) {
      ParameterizedType type = FailureMappers.mapperType(bean);
      if (type == null) {
        ConsumingMessages.genericMapper(LOG, bean.getBeanClass().getName());
        continue;
      }
      @SuppressWarnings("unchecked")
      Class<? extends Throwable> exception =
          (Class<? extends Throwable>) type.getActualTypeArguments()[0];
      CreationalContext<?> context = beanManager.createCreationalContext(bean);
      contexts.accept(context);
      byType.put(exception, (FailureMapper<?>) beanManager.getReference(bean, type, context));
    }
    return new FailureMapping(byType);
  }

  /** No mappers: every failure gets the default outcome. */
  public static FailureMapping none() {
    return new FailureMapping(Map.of());
  }

  /**
   * The outcome for {@code failure}: the most specific mapper's, or {@code fallback} when no mapper
   * matches, the mapper returns {@code null} or the mapper itself throws.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Outcome map(Throwable failure, Delivery delivery, Outcome fallback) {
    Optional<FailureMapper<?>> mapper =
        resolved.computeIfAbsent(failure.getClass(), this::nearestMapper);
    if (mapper.isEmpty()) {
      return fallback;
    }
    try {
      Outcome outcome = ((FailureMapper) mapper.get()).toOutcome(failure, delivery);
      return outcome == null ? fallback : outcome;
    } catch (RuntimeException e) {
      ConsumingMessages.mapperFailed(LOG, e, mapper.get().getClass().getName(), e.toString());
      return fallback;
    }
  }

  private Optional<FailureMapper<?>> nearestMapper(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      FailureMapper<?> mapper = byType.get(c);
      if (mapper != null) {
        return Optional.of(mapper);
      }
    }
    return Optional.empty();
  }
}
