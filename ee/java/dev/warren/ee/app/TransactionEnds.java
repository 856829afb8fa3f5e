package dev.warren.ee.app;

import dev.warren.ee.support.EeBroker;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Records, when the current transaction has ended ({@code afterCompletion}), how it ended and what
 * the broker holds at that moment: with prefetch 1 the next message of a queue stays ready until
 * the broker has the current one's settlement, so the ready count there says whether Warren had
 * settled yet.
 */
public final class TransactionEnds {

  private TransactionEnds() {}

  /**
   * Adds {@code what:committed|rolledback:ready=N} (and {@code :dead=M} with {@code deadLetters})
   * under {@code queue} in {@link Seen} once the current transaction has ended.
   */
  public static void record(
      TransactionSynchronizationRegistry registry, String queue, String what, String deadLetters) {
    registry.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            Seen.add(
                queue,
                what
                    + ":"
                    + (status == Status.STATUS_COMMITTED
                        ? "committed"
                        : status == Status.STATUS_ROLLEDBACK ? "rolledback" : "status " + status)
                    + ":ready="
                    + EeBroker.ready(queue)
                    + (deadLetters == null ? "" : ":dead=" + EeBroker.ready(deadLetters)));
          }
        });
  }
}
