package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An exchange and the routing keys that bind it to a consumer's queue (see {@link
 * RabbitConsumer#bindings()}). Declared, with its durable exchange, only when the consumer declares
 * its topology ({@code warren.declare-topology=true}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Binding {

  /** The exchange to bind the queue to; declared durable with {@link #type()}. */
  String exchange();

  /** The exchange type: {@code direct}, {@code topic}, {@code fanout} or {@code headers}. */
  String type() default "direct";

  /** The routing keys (binding keys); none binds once with {@code ""}. */
  String[] routingKeys() default {};
}
