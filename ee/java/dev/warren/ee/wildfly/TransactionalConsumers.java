package dev.warren.ee.wildfly;

import dev.warren.Delivery;
import dev.warren.RabbitConsumer;
import dev.warren.ee.app.Seen;
import dev.warren.ee.app.TransactionEnds;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

/**
 * Transactional handlers that record, when their transaction has ended ({@code afterCompletion}),
 * how it ended and what the broker holds at that moment: with prefetch 1 the next message of the
 * queue stays ready until the broker has the current one's settlement, so "ready=1" there says that
 * Warren had not settled yet.
 */
@ApplicationScoped
public class TransactionalConsumers {

  public static final String COMMIT = "ee.tx.commit";
  public static final String ROLLBACK = "ee.tx.rollback";
  public static final String ROLLBACK_DLQ = "ee.tx.rollback.dlq";
  public static final String COMMIT_FAILS = "ee.tx.commit-fails";
  public static final String COMMIT_FAILS_DLQ = "ee.tx.commit-fails.dlq";

  @Resource TransactionSynchronizationRegistry registry;

  /** Commits. */
  @RabbitConsumer(queue = COMMIT, prefetch = 1)
  @Transactional
  public void commits(String body) {
    recordEnd(COMMIT, body, null);
    Seen.add(COMMIT, body + ":handled");
  }

  /**
   * Throws, so its transaction rolls back: {@code drop-*} with an exception no mapper takes (drop),
   * {@code retry-*} with {@link Busy} on its first delivery ({@link BusyMeansRetry}: retry).
   */
  @RabbitConsumer(queue = ROLLBACK, prefetch = 1)
  @Transactional
  public void throwsInside(String body, Delivery delivery) {
    recordEnd(ROLLBACK, body + (delivery.redelivered() ? "#again" : "#first"), ROLLBACK_DLQ);
    if (body.startsWith("retry-") && !delivery.redelivered()) {
      throw new Busy(body);
    }
    if (body.startsWith("drop-")) {
      throw new IllegalArgumentException("cannot take " + body);
    }
  }

  /** Returns normally, but a synchronization refuses the commit: the transaction rolls back. */
  @RabbitConsumer(queue = COMMIT_FAILS, prefetch = 1)
  @Transactional
  public void commitFails(String body) {
    recordEnd(COMMIT_FAILS, body, COMMIT_FAILS_DLQ);
    registry.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {
            throw new IllegalStateException("refusing the commit of " + body);
          }

          @Override
          public void afterCompletion(int status) {}
        });
    Seen.add(COMMIT_FAILS, body + ":returned");
  }

  private void recordEnd(String queue, String what, String deadLetters) {
    TransactionEnds.record(registry, queue, what, deadLetters);
  }

  /** A failure the application considers worth another attempt. */
  public static class Busy extends RuntimeException {
    public Busy(String message) {
      super(message);
    }
  }
}
