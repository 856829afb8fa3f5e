package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Takes one message header as a parameter of a {@link RabbitConsumer} method:
 *
 * <pre>{@code
 * @RabbitConsumer(queue = "orders")
 * public Outcome onOrder(Order order, @Header("tenant") String tenant,
 *     @Header("x-priority-hint") Optional<Integer> hint) { ... }
 * }</pre>
 *
 * <p>Supported parameter types: {@code String}, {@code Integer}, {@code Long}, {@code Short},
 * {@code Byte}, {@code Boolean}, {@code Double}, {@code Float}, {@code java.math.BigDecimal},
 * {@code byte[]}, {@code java.util.Date}, {@code java.time.Instant}, {@code List<Object>}, {@code
 * Map<String, Object>}, {@code Object}, the primitives of those wrappers, and {@code Optional<T>}
 * of any of them (converted as {@link Delivery#header(String, Class)} does). Another type fails
 * deployment ({@code WARREN-211}); so does a {@code @Header} on a batch consumer ({@code
 * WARREN-212}) or with a blank name ({@code WARREN-213}).
 *
 * <p>A header is required unless the parameter is an {@code Optional}: a delivery without it, or
 * with a value of another type, is a decode failure, dropped before the method runs ({@code
 * WARREN-030}), like a body that cannot be decoded.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Header {

  /** The header's name, e.g. {@code tenant}. */
  String value();
}
