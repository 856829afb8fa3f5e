package dev.warren.ee.wildfly;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.ee.app.Seen;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Maps every failure of the transactional handlers, and records what it was given: {@code Busy}
 * means retry, anything else drop.
 */
@ApplicationScoped
public class BusyMeansRetry implements FailureMapper<Exception> {

  public static final String MAPPED = "ee.tx.mapped";

  @Override
  public Outcome toOutcome(Exception failure, Delivery delivery) {
    Throwable cause = failure.getCause();
    Seen.add(
        MAPPED,
        delivery.queue()
            + ":"
            + failure.getClass().getName()
            + (cause == null ? "" : " caused by " + cause.getClass().getName()));
    return failure instanceof TransactionalConsumers.Busy ? Outcome.retry() : Outcome.drop();
  }
}
