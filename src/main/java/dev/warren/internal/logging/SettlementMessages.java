package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#SETTLEMENT}. */
public final class SettlementMessages {

  private SettlementMessages() {}

  public static final Message ALREADY_SETTLED =
      new Message(
          31,
          Level.WARN,
          "consumer '{consumer}': delivery {tag} was already settled ({first}); "
              + "the second settlement ({second}) was ignored",
          "nothing: the second settlement was ignored");

  public static void alreadySettled(
      Logger log, String consumer, long tag, String first, String second) {
    ALREADY_SETTLED.log(log, consumer, tag, first, second);
  }

  public static final Message CHANNEL_GONE =
      new Message(
          32,
          Level.WARN,
          "consumer '{consumer}': the channel of delivery {tag} closed (or the "
              + "broker cancelled its subscription) before it could be settled "
              + "({action}); the broker will deliver it "
              + "again{heldBack}; logged at most once a minute per consumer",
          "nothing: the broker delivers it again");

  /**
   * @param suppressed how many lines like it were held back since the last one (one line a minute
   *     per consumer: a recovered connection can leave thousands of deliveries in flight)
   */
  public static void channelGone(
      Logger log, String consumer, long tag, String action, long suppressed) {
    CHANNEL_GONE.log(
        log,
        consumer,
        tag,
        action,
        (suppressed > 0
            ? " (and " + suppressed + " more deliveries like it since the last such line)"
            : ""));
  }

  public static final Message SETTLE_FAILED =
      new Message(
          33,
          Level.WARN,
          "consumer '{consumer}': sending {action} for delivery {tag} failed "
              + "({why}); the broker will deliver it again",
          "nothing: the broker delivers it again");

  public static void settleFailed(
      Logger log, Throwable thrown, String consumer, long tag, String action, String why) {
    SETTLE_FAILED.logThrown(log, thrown, consumer, action, tag, why);
  }

  public static final Message DELAY_DISCARDED =
      new Message(
          35,
          Level.WARN,
          "consumer '{consumer}' returned retryAfter({delay}) on quorum queue "
              + "'{queue}', which has no delay strategy: the delay was discarded and the "
              + "delivery requeued at once; |set delay=DLX_TTL to wait in a wait queue, or "
              + "on RabbitMQ 4.3 and later give the queue its own back-off "
              + "(delayedRetryType) (logged at most once a minute per consumer)");

  public static void delayDiscarded(Logger log, String consumer, String queue, Duration delay) {
    DELAY_DISCARDED.log(log, consumer, delay, queue);
  }

  public static final Message DELAY_SHORTENED =
      new Message(
          295,
          Level.WARN,
          "consumer '{consumer}' returned retryAfter({delay}) on quorum queue "
              + "'{queue}', whose own back-off holds this attempt for {hold} "
              + "(delayedRetryMin times its delivery count, at most delayedRetryMax): the delivery "
              + "was requeued and comes back after {hold}, earlier than asked; |set "
              + "delay=DLX_TTL for per-message delays, or raise delayedRetryMin and "
              + "delayedRetryMax (logged at most once a minute per consumer)");

  public static void delayShortened(
      Logger log, String consumer, String queue, Duration delay, Duration hold) {
    DELAY_SHORTENED.log(log, consumer, delay, queue, hold);
  }

  public static final Message DELAY_PAST_CONSUMER_TIMEOUT =
      new Message(
          48,
          Level.WARN,
          "consumer '{consumer}' holds a delivery unacked for retryAfter({delay}) "
              + "in the service, but the broker closes a channel whose oldest delivery "
              + "stays unacked past its consumer_timeout ({consumerTimeout} as "
              + "'warren.broker.consumer-timeout' declares it); |use delay=DLX_TTL for long "
              + "delays (logged at most once a minute per consumer)");

  public static void delayPastConsumerTimeout(
      Logger log, String consumer, Duration delay, Duration consumerTimeout) {
    DELAY_PAST_CONSUMER_TIMEOUT.log(log, consumer, delay, consumerTimeout);
  }

  public static final Message COPY_FAILED =
      new Message(
          60,
          Level.WARN,
          "consumer '{consumer}': the {copy} for delivery {tag} failed ({why}); "
              + "{inARow}{failedCopies} in a row: the original goes back to its queue "
              + "unchanged (basic.reject requeue=true) after a pause of {pauseMillis} ms "
              + "(doubling with each failure in a row, up to 30 s), so that it does not "
              + "loop; |nothing is lost. Fix the copy's route (e.g. declare the dead "
              + "letter queue or the retry exchange again); logged at most once a minute "
              + "per consumer");

  public static void copyFailed(
      Logger log, String consumer, long tag, String copy, String why, int inARow, Duration pause) {
    COPY_FAILED.log(
        log,
        consumer,
        copy,
        tag,
        why,
        inARow,
        (inARow == 1 ? " failed copy" : " failed copies"),
        pause.toMillis());
  }

  public static final Message CHANNEL_CLOSED_BY_BROKER =
      new Message(
          61,
          Level.WARN,
          "consumer '{consumer}': the broker closed its channel ({reason}); its "
              + "unsettled deliveries go back to the queue, and the consumer reopens its "
              + "channel in {pause}; |if this repeats, fix what the broker names (logged "
              + "at most once a minute per consumer)");

  public static void channelClosedByBroker(
      Logger log, String consumer, String reason, Duration pause) {
    CHANNEL_CLOSED_BY_BROKER.log(log, consumer, reason, pause);
  }

  public static final Message DELAY_TOO_LONG =
      new Message(
          135,
          Level.THROWN,
          "consumer '{consumer}' ({method}): returned retryAfter({delay}), but "
              + "delay={strategy} holds at most {max} ({maxMillis} ms); the outcome was "
              + "refused and handled as the method's failure (an "
              + "IllegalArgumentException: its FailureMapper, else the default outcome); "
              + "|return a shorter delay{alternative}");

  public static String delayTooLong(
      String consumer, String method, Duration delay, String strategy, Duration max) {
    return DELAY_TOO_LONG.text(
        consumer,
        method,
        delay,
        strategy,
        max,
        max.toMillis(),
        (strategy.equals("PLUGIN_DME") ? ", or use delay=DLX_TTL (up to 10 years)" : ""));
  }

  public static final Message STEP_FAILED_REQUEUED =
      new Message(
          137,
          Level.WARN,
          "consumer '{consumer}' ({method}): {step} failed with {failure}; "
              + "{deliveries} went back to the queue unchanged (basic.reject "
              + "requeue=true) and will be delivered again; the consumer goes on. |If "
              + "the stack trace ends in the application's code (an OpenTelemetry "
              + "SpanProcessor, a Codec, a FailureMapper), fix that code; otherwise "
              + "report it as a Warren bug with this stack trace; logged at most once a "
              + "minute per consumer");

  public static void stepFailedRequeued(
      Logger log,
      Throwable thrown,
      String consumer,
      String method,
      String step,
      String failure,
      String deliveries) {
    STEP_FAILED_REQUEUED.logThrown(log, thrown, consumer, method, step, failure, deliveries);
  }

  public static final Message STEP_FAILED_AFTER_SETTLING =
      new Message(
          138,
          Level.WARN,
          "consumer '{consumer}' ({method}): {step} failed with {failure}; "
              + "{deliveries} is settled all the same (its frame was sent, or is sent "
              + "regardless of this step, or its channel had closed and the broker "
              + "delivers it again): nothing is redone and the consumer goes on. |If the "
              + "stack trace ends in the application's code (an OpenTelemetry "
              + "SpanProcessor, a Codec, a FailureMapper), fix that code; otherwise "
              + "report it as a Warren bug with this stack trace; logged at most once a "
              + "minute per consumer");

  public static void stepFailedAfterSettling(
      Logger log,
      Throwable thrown,
      String consumer,
      String method,
      String step,
      String failure,
      String deliveries) {
    STEP_FAILED_AFTER_SETTLING.logThrown(log, thrown, consumer, method, step, failure, deliveries);
  }

  public static final Message HELD_CHANNEL_GONE =
      new Message(
          270,
          Level.INFO,
          "consumer '{consumer}': the in-process delay of delivery {tag} ended "
              + "after its channel had closed (its connection recovered or the channel "
              + "was replaced): the {copy} is not published, the broker delivers the "
              + "original again (it counts as a retry without its delay){heldBack}; "
              + "logged at most once a minute per consumer");

  /**
   * INFO: the delay of a held delivery ended after its channel had closed (its connection
   * recovered): the broker has delivered it again, so no copy is published and nothing failed.
   */
  public static void heldChannelGone(
      Logger log, String consumer, long tag, String copy, long suppressed) {
    HELD_CHANNEL_GONE.log(
        log,
        consumer,
        tag,
        copy,
        (suppressed > 0 ? " (and " + suppressed + " more like it since the last such line)" : ""));
  }

  public static final Message COPY_GIVEN_UP =
      new Message(
          271,
          Level.ERROR,
          "consumer '{consumer}' (queue '{queue}'): the {copy} failed {inARow} "
              + "times in a row for the same message (last: {why}): {instead}; "
              + "|readiness is DOWN (consumer.{consumer}.copies-failing) until a copy to "
              + "that target is confirmed again. Fix the copy's route: declare its "
              + "exchange or queue again (or the binding of its routing key), or correct "
              + "the consumer's retryPublisher, delayTarget or deadLetter "
              + "setting{heldBack}; logged at most once a minute per consumer");

  /**
   * ERROR: a copy failed {@code inARow} times in a row for the same message and is given up.
   *
   * @param deadLettered where the message went instead, or {@code null} when it keeps going back to
   *     its queue (no dead letter queue, or the dead-letter copy itself failed)
   */
  public static void copyGivenUp(
      Logger log,
      String consumer,
      String queue,
      String copy,
      int inARow,
      String why,
      String deadLettered,
      long suppressed) {
    COPY_GIVEN_UP.log(
        log,
        consumer,
        queue,
        copy,
        inARow,
        why,
        (deadLettered == null
            ? "it keeps going back to its queue unchanged, at most once every 30 s, and nothing is"
                + " lost, but it is not retried as it should be"
            : "the message goes to the dead letter queue '"
                + deadLettered
                + "' instead, with header x-warren-death-reason=copy-failed (move it back once"
                + " the route is fixed)"),
        (suppressed > 0 ? " (and " + suppressed + " more given up since the last such line)" : ""));
  }
}
