package dev.warren.internal.extension;

import dev.warren.RabbitConsumer;
import dev.warren.internal.rules.ConsumerRules;
import jakarta.enterprise.inject.spi.Bean;
import java.lang.reflect.Method;

/**
 * A {@link RabbitConsumer} method found during bean discovery, before validation.
 *
 * @param bean the bean declaring it
 * @param method the method
 * @param annotation its annotation
 * @param intercepted whether Warren's interceptor is bound to it
 */
record DiscoveredConsumer(
    Bean<?> bean, Method method, RabbitConsumer annotation, boolean intercepted) {

  /** {@code com.acme.Orders#onOrder}, for messages. */
  String where() {
    return bean.getBeanClass().getName() + "#" + method.getName();
  }

  /** The name before config: the annotation's name, else its queue. */
  String name() {
    return ConsumerRules.consumerName(annotation.name(), annotation.queue());
  }
}
