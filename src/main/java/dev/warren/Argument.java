package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A raw {@code x-*} queue argument a consumer declares its queue with (see {@link
 * RabbitConsumer#arguments()}), for example {@code @Argument(name = "x-max-length", value =
 * "10000", type = Argument.Type.NUMBER)}. The type matters: the broker compares arguments by type,
 * and the string {@code "5"} is not the number 5. Arguments the broker refuses are a deployment
 * problem before the queue is declared ({@code x-queue-master-locator} where the node refuses
 * deprecated features, as RabbitMQ 4.3 does by default, since such a declare closes the whole
 * connection; {@code x-queue-version = 1} on 4.3); one it ignores ({@code x-queue-mode} on 4.3) is
 * a warning.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Argument {

  /** The argument's name, e.g. {@code x-max-length}. */
  String name();

  /** The argument's value, as text; converted to {@link #type()}. */
  String value();

  /** How the value is sent. */
  Type type() default Type.STRING;

  /** How an argument's value is sent to the broker. */
  enum Type {
    /** A string (AMQP long string). */
    STRING,
    /** A whole number (AMQP long). */
    NUMBER,
    /** {@code true} or {@code false}. */
    BOOLEAN
  }
}
