package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#DEAD_LETTERS}. */
public final class DeadLetterMessages {

  private DeadLetterMessages() {}

  public static final Message UNKNOWN_CONSUMER =
      new Message(
          300,
          Level.THROWN,
          "dead letters: no consumer is named '{consumer}' (known: {known}); |name a consumer as "
              + "in warren.consumers.<name>.*, or the queue with DeadLetterQuery.queue");

  public static String unknownConsumer(String consumer, Object known) {
    return UNKNOWN_CONSUMER.text(consumer, known);
  }

  public static final Message NO_DEAD_LETTER_QUEUE =
      new Message(
          301,
          Level.THROWN,
          "dead letters: consumer '{consumer}' has no dead letter queue (its deadLetter is "
              + "empty); |give it one (deadLetter = \"...\"), or name the queue with "
              + "DeadLetterQuery.queue");

  public static String noDeadLetterQueue(String consumer) {
    return NO_DEAD_LETTER_QUEUE.text(consumer);
  }

  public static final Message QUEUE_MISSING =
      new Message(
          302,
          Level.THROWN,
          "dead letters: queue '{queue}' does not exist in the virtual host (the broker said: "
              + "{reason}); |check the name, or let the consumer declare it "
              + "(warren.consumers.<name>.declare-topology=true)");

  public static String queueMissing(String queue, String reason) {
    return QUEUE_MISSING.text(queue, reason);
  }

  public static final Message BROKER_FAILED =
      new Message(
          303,
          Level.THROWN,
          "dead letters: {operation} of queue '{queue}' stopped ({why}); |nothing was lost: dead letters not yet settled stay in the queue "
              + "(unconfirmed copies may exist as duplicates, their x-warren-replayed header says "
              + "so); run it again once the broker answers");

  public static String brokerFailed(String operation, String queue, String why) {
    return BROKER_FAILED.text(operation, queue, why);
  }

  public static final Message DONE =
      new Message(
          304,
          Level.INFO,
          "dead letters: {operation} of queue '{queue}' ({query}): {examined} examined, "
              + "{selected} selected, {done} done, {failed} failed, in {millis} ms");

  public static void done(
      Logger log,
      String operation,
      String queue,
      Object query,
      long examined,
      long selected,
      long done,
      int failed,
      long millis) {
    DONE.log(log, operation, queue, query, examined, selected, done, failed, millis);
  }
}
