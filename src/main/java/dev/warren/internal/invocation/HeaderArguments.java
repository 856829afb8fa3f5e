package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.internal.model.HandlerShape.HeaderParameter;
import java.util.List;
import java.util.Optional;

/**
 * The values of a consumer method's {@link dev.warren.Header} parameters for one delivery. A
 * required header that is missing, or a header of another type, makes the delivery undecodable.
 */
final class HeaderArguments {

  private HeaderArguments() {}

  private static final Object[] NONE = {};

  /**
   * @return one value per parameter, in the order of {@code parameters}
   * @throws IllegalArgumentException saying which header is missing or of which type it is
   */
  static Object[] of(List<HeaderParameter> parameters, Delivery delivery) {
    if (parameters.isEmpty()) {
      return NONE; // most methods: nothing to allocate per delivery
    }
    Object[] values = new Object[parameters.size()];
    for (int i = 0; i < values.length; i++) {
      HeaderParameter parameter = parameters.get(i);
      Optional<?> value = delivery.header(parameter.name(), parameter.type());
      if (parameter.optional()) {
        values[i] = value;
      } else if (value.isPresent()) {
        values[i] = value.get();
      } else {
        throw new IllegalArgumentException(
            "the required header '"
                + parameter.name()
                + "' is missing; send it, or take the parameter as Optional<"
                + parameter.type().getSimpleName()
                + ">");
      }
    }
    return values;
  }
}
