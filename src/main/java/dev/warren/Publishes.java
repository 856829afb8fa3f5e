package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, for the {@linkplain AsyncApiDocument AsyncAPI document}, a message the application
 * sends with {@link Publisher} or, with {@link #reply()}, a request it sends with {@link
 * Requester}. It documents and changes nothing on the wire: Warren cannot see what a publisher is
 * called with, so it describes exactly what is declared here.
 *
 * <p>Put it on the injection point, or on any method or class of a CDI bean; repeat it for several
 * messages:
 *
 * <pre>{@code
 * @Inject
 * @Publishes(exchange = "events", routingKey = "order.created", payload = OrderCreated.class)
 * @Publishes(routingKey = "audit", payload = String.class)
 * Publisher publisher;
 *
 * @Inject
 * @Publishes(routingKey = "quotes", payload = QuoteRequest.class, reply = Quote.class)
 * Requester requester;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
@Repeatable(Publishes.List.class)
public @interface Publishes {

  /** The exchange; {@code ""} (the default) is the default exchange, which routes by queue name. */
  String exchange() default "";

  /** The routing key (for the default exchange: the queue's name). */
  String routingKey();

  /**
   * The payload's type: {@code byte[]} and {@code String} are sent as they are, anything else
   * through the codec (JSON-B by default), as {@link Publisher#publish} does.
   */
  Class<?> payload();

  /**
   * For a request sent with {@link Requester}: the type its replies are decoded into. {@code
   * void.class} (the default) declares a plain publication.
   */
  Class<?> reply() default void.class;

  /** What the message is for, shown in the document; {@code ""} for nothing. */
  String description() default "";

  /** Several {@link Publishes} on one element. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
  @interface List {
    /** The declarations. */
    Publishes[] value();
  }
}
