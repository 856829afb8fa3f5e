package dev.warren.internal.settlement;

import dev.warren.QueueType;

/**
 * What the settlement decision needs to know about a consumer, fixed at deployment.
 *
 * @param queue the consumer's queue
 * @param queueType who counts attempts: Warren (classic) or the server (quorum)
 * @param maxAttempts the cap on deliveries, 0 for none
 * @param deadLetter the queue for messages at the cap, {@code ""} for none
 * @param retryExchange the exchange retry copies go to ({@code ""}: the default exchange)
 * @param retryRoutingKey the routing key of retry copies
 * @param retryPersistent whether retry copies are persistent
 * @param retryCountHeader the header carrying Warren's retry count
 */
public record ConsumerPolicy(
    String queue,
    QueueType queueType,
    int maxAttempts,
    String deadLetter,
    String retryExchange,
    String retryRoutingKey,
    boolean retryPersistent,
    String retryCountHeader) {

  /** A consumer without a cap, retrying copies to its own queue. */
  public static ConsumerPolicy uncapped(String queue, QueueType type, String retryCountHeader) {
    return new ConsumerPolicy(queue, type, 0, "", "", queue, true, retryCountHeader);
  }

  /** Whether the consumer has an attempt cap. */
  public boolean capped() {
    return maxAttempts > 0;
  }

  /** Whether Warren counts attempts by publishing copies (a capped classic queue). */
  public boolean publishesCopies() {
    return capped() && queueType == QueueType.CLASSIC;
  }
}
