package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Where and how a classic-queue consumer publishes its retry copies (see {@link
 * RabbitConsumer#retryPublisher()}). By default a copy goes to the default exchange with the
 * queue's name as routing key (the tail of the same queue), persistent, always confirmed.
 *
 * <p>A quorum queue publishes no retry copies (the broker counts deliveries), so a retry publisher
 * on a quorum consumer is a compile error (Warren's annotation processor) and a deployment error.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface RetryPublisher {

  /** The exchange retry copies are published to; {@code ""} is the default exchange. */
  String exchange() default "";

  /** The routing key of retry copies; {@code ""} means the consumer's queue name. */
  String routingKey() default "";

  /** Whether retry copies are persistent ({@code delivery_mode=2}). */
  boolean persistent() default true;
}
