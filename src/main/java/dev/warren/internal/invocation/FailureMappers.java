package dev.warren.internal.invocation;

import dev.warren.internal.logging.StartupMessages;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the application's {@link FailureMapper} beans and the exception type each declares; two
 * beans for one type are a deployment problem, since only one can decide. Used in deployment
 * validation and when the consumers start.
 */
public final class FailureMappers {

  private static final Type ANY_FAILURE_MAPPER = new TypeLiteral<FailureMapper<?>>() {}.getType();

  private FailureMappers() {}

  /** Every {@code FailureMapper} bean of the deployment. */
  public static Iterable<Bean<?>> beans(BeanManager beanManager) {
    return beanManager.getBeans(ANY_FAILURE_MAPPER, Any.Literal.INSTANCE);
  }

  /** One problem per exception type that more than one mapper bean declares. */
  public static List<String> duplicates(BeanManager beanManager) {
    Map<String, TreeSet<String>> byType = new TreeMap<>();
    for (Bean<?> bean : beans(beanManager)) {
      ParameterizedType type = mapperType(bean);
      if (type != null) {
        byType
            .computeIfAbsent(
                ((Class<?>) type.getActualTypeArguments()[0]).getName(), k -> new TreeSet<>())
            .add(bean.getBeanClass().getName());
      }
    }
    List<String> problems = new ArrayList<>();
    byType.forEach(
        (exception, mappers) -> {
          if (mappers.size() > 1) {
            problems.add(StartupMessages.duplicateMapper(exception, String.join(", ", mappers)));
          }
        });
    return problems;
  }

  /** {@code FailureMapper<E>} with {@code E} a concrete exception class, else {@code null}. */
  public static ParameterizedType mapperType(Bean<?> bean) {
    for (Type type : bean.getTypes()) {
      if (type instanceof ParameterizedType p
          && p.getRawType() == FailureMapper.class
          && p.getActualTypeArguments()[0] instanceof Class<?> c
          && Throwable.class.isAssignableFrom(c)) {
        return p;
      }
    }
    return null;
  }
}
