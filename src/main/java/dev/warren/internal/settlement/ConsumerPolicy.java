package dev.warren.internal.settlement;

import dev.warren.Delay;
import dev.warren.QueueType;
import java.time.Duration;
import java.util.List;

/**
 * What the settlement decision needs to know about a consumer, fixed at deployment.
 *
 * @param queue the consumer's queue
 * @param queueType the queue's type, which says who counts attempts ({@link Attempts#serverCounts})
 * @param maxAttempts the cap on deliveries, 0 for none
 * @param deadLetter the queue for messages at the cap, {@code ""} for none
 * @param retryExchange the exchange retry copies go to ({@code ""}: the default exchange)
 * @param retryRoutingKey the routing key of retry copies
 * @param retryPersistent whether retry copies are persistent
 * @param retryCountHeader the header carrying Warren's retry count
 * @param delay where delayed retries wait
 * @param delayTarget the wait queue or delayed exchange
 * @param delayTiers the wait queues of a tiered {@code DLX_TTL} delay, shortest first; empty for
 *     one wait queue
 * @param delayedRetry the quorum queue's own back-off, {@link DelayedRetry#NONE} for none
 */
public record ConsumerPolicy(
    String queue,
    QueueType queueType,
    int maxAttempts,
    String deadLetter,
    String retryExchange,
    String retryRoutingKey,
    boolean retryPersistent,
    String retryCountHeader,
    Delay delay,
    String delayTarget,
    List<DelayTier> delayTiers,
    DelayedRetry delayedRetry) {

  /** A consumer without a cap or delay strategy, retrying copies to its own queue. */
  public static ConsumerPolicy uncapped(String queue, QueueType type, String retryCountHeader) {
    return new ConsumerPolicy(
        queue,
        type,
        0,
        "",
        "",
        queue,
        true,
        retryCountHeader,
        Delay.NONE,
        "",
        List.of(),
        DelayedRetry.NONE);
  }

  /** Whether the consumer has an attempt cap. */
  public boolean capped() {
    return maxAttempts > 0;
  }

  /**
   * Whether Warren counts attempts by publishing copies (a capped queue the server does not count).
   */
  public boolean publishesCopies() {
    return capped() && !Attempts.serverCounts(queueType);
  }

  /** The wait queue for {@code delay}: its tier's, or the single one. */
  public String waitQueue(Duration delay) {
    for (DelayTier tier : delayTiers) {
      if (delay.compareTo(tier.upTo()) <= 0) {
        return tier.queue();
      }
    }
    return delayTiers.isEmpty() ? delayTarget : delayTiers.get(delayTiers.size() - 1).queue();
  }
}
