package dev.warren;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Makes a {@link RabbitConsumer} method idempotent through an inbox table: in the method's JTA
 * transaction Warren records the consumer's name and the delivery's message id in the table ({@code
 * warren.inbox.table}) of the application's datasource ({@code warren.datasource}), and calls the
 * method only when the row is new. A delivery whose id is recorded already (by a transaction that
 * committed) is acked without calling the method; a rollback removes the row with the method's own
 * writes, so the retry handles the message. The method's effects in that transaction happen once
 * per consumer and message id, as long as the row is kept ({@code warren.inbox.retention}, default
 * 7 days).
 *
 * <pre>{@code
 * @RabbitConsumer(queue = "payments")
 * @Idempotent
 * @Transactional
 * public void onPayment(Payment payment) { ... }
 * }</pre>
 *
 * <p>Needs a Jakarta EE server's JTA transaction ({@code @Transactional} on the method or its
 * class) and a datasource that takes part in it; a delivery without a message id is refused
 * (dropped with {@code WARREN-324}) unless {@code warren.inbox.missing-id=body}. Not for batch
 * consumers or responders. Every misuse is reported at deployment.
 */
@InterceptorBinding
@Retention(RUNTIME)
@Target({METHOD, TYPE})
public @interface Idempotent {

  /** The binding as a value. */
  final class Literal extends AnnotationLiteral<Idempotent> implements Idempotent {
    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final Literal INSTANCE = new Literal();

    private Literal() {}
  }
}
