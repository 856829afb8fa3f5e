package dev.warren;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Selects the transactional {@link Publisher}: {@code @Inject @Outbox Publisher publisher;}. The
 * code that publishes reads the same as with the plain publisher; the choice is made where it is
 * injected.
 *
 * <p>A publish through it must run inside an active JTA transaction (a {@code @Transactional}
 * method, or a {@code UserTransaction}); it writes the message as one row of the outbox table,
 * through the datasource named by {@code warren.datasource}, in that transaction, and nothing goes
 * to the broker yet. Once the transaction commits, Warren's relay publishes the row with publisher
 * confirms and {@code mandatory}, and deletes it when the broker confirms it; a rollback takes the
 * row back, so nothing is published. Each message carries a stable message id (its own, else a UUID
 * made when the row is written), so that consumers can recognise a duplicate: delivery is at least
 * once.
 *
 * <p>The stage a publish returns completes once the row is written: it means "will be published
 * once the transaction commits", not "confirmed by the broker". It fails with a {@link
 * PublishException} of reason {@link PublishException.Reason#NOT_SENT} when the row could not be
 * written. A publish outside an active transaction throws {@link IllegalStateException}.
 *
 * <p>Needs a Jakarta EE server's transactions (WildFly, Open Liberty) and PostgreSQL or MariaDB; on
 * Weld SE an {@code @Outbox} injection point is a deployment problem. See {@code
 * docs/transactions.md}.
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
public @interface Outbox {

  /** {@code @Outbox}, for programmatic lookup: {@code instance.select(Outbox.Literal.INSTANCE)}. */
  final class Literal extends AnnotationLiteral<Outbox> implements Outbox {
    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final Literal INSTANCE = new Literal();

    private Literal() {}
  }
}
