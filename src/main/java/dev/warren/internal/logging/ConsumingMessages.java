package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#CONSUMING}. */
public final class ConsumingMessages {

  private ConsumingMessages() {}

  public static final Message DECODE_FAILED =
      new Message(
          30,
          Level.WARN,
          "consumer '{consumer}': delivery {tag} from queue '{queue}' could not be "
              + "decoded ({why}); it was dropped without reaching the handler",
          "check what the publisher sends against the handler's payload type (or its Codec)");

  public static void decodeFailed(Logger log, String consumer, String queue, long tag, String why) {
    DECODE_FAILED.log(log, consumer, tag, queue, why);
  }

  public static final Message FATAL_ERROR =
      new Message(
          34,
          Level.ERROR,
          "consumer '{consumer}' ({method}) threw {error}; the consumer is stopped "
              + "and its unsettled deliveries go back to the queue; |fix the cause and "
              + "redeploy");

  public static void fatalError(
      Logger log, Throwable thrown, String consumer, String method, String error) {
    FATAL_ERROR.logThrown(log, thrown, consumer, method, error);
  }

  public static final Message HANDLER_FAILED =
      new Message(
          36,
          Level.WARN,
          "consumer '{consumer}' ({method}) failed with {error}; outcome: "
              + "{outcome} (a dev.warren.spi.FailureMapper bean for the exception type "
              + "can choose another)",
          "nothing if the outcome is right; a dev.warren.spi.FailureMapper bean for the exception type can choose another");

  public static void handlerFailed(
      Logger log, Throwable thrown, String consumer, String method, String error, String outcome) {
    HANDLER_FAILED.logThrown(log, thrown, consumer, method, error, outcome);
  }

  public static void handlerFailed(
      Logger log, String consumer, String method, String error, String outcome) {
    HANDLER_FAILED.log(log, consumer, method, error, outcome);
  }

  public static final Message MAPPER_FAILED =
      new Message(
          37,
          Level.WARN,
          "FailureMapper '{mapper}' itself threw {error}; the default mapping was "
              + "used instead",
          "fix the FailureMapper: it must not throw");

  public static void mapperFailed(Logger log, Throwable thrown, String mapper, String error) {
    MAPPER_FAILED.logThrown(log, thrown, mapper, error);
  }

  public static final Message SHUTDOWN_TIMED_OUT =
      new Message(
          38,
          Level.WARN,
          "consumer '{consumer}' ({method}): {running}{handlersWere} still running "
              + "when 'warren.shutdown-timeout' ({timeout}) ran out; they are "
              + "interrupted, and whatever they return or throw now is ignored: their "
              + "deliveries were neither acked nor rejected, so closing the channel "
              + "returns them to queue '{queue}' and the broker delivers them again; "
              + "|raise 'warren.shutdown-timeout' or let the handler finish sooner");

  public static void shutdownTimedOut(
      Logger log, String consumer, String method, String queue, int running, Duration timeout) {
    SHUTDOWN_TIMED_OUT.log(
        log,
        consumer,
        method,
        running,
        (running == 1 ? " handler was" : " handlers were"),
        timeout,
        queue);
  }

  public static final Message CANCELLED_BY_BROKER =
      new Message(
          39,
          Level.WARN,
          "consumer '{consumer}': the broker cancelled the subscription to queue "
              + "'{queue}' (was the queue deleted?); the consumer subscribes again by "
              + "itself, first in {first}, then at growing pauses up to {most}{until}",
          "nothing: the consumer subscribes again by itself");

  /**
   * @param declares whether the consumer owns its topology (declare-topology on) and declares it
   *     again before each attempt
   */
  public static void cancelledByBroker(
      Logger log, String consumer, String queue, Duration first, Duration most, boolean declares) {
    CANCELLED_BY_BROKER.log(
        log,
        consumer,
        queue,
        first,
        most,
        (declares
            ? ", declaring queue '"
                + queue
                + "' and the rest of its topology before each attempt (declare-topology is on)"
            : ", until the queue exists again"));
  }

  public static final Message START_FAILED =
      new Message(
          40,
          Level.ERROR,
          "consumer '{consumer}' could not start consuming: {why}",
          "fix what the cause names; at startup the deployment fails, on a reopen the consumer"
              + " tries again (logged as a warning then)");

  /** At startup (the deployment fails). */
  public static void startFailed(Logger log, Throwable thrown, String consumer, String why) {
    START_FAILED.logThrown(log, thrown, consumer, why);
  }

  /**
   * A consumer reopening its channel could not start again: it tries again, so a warning (the one
   * message logged below its entry's level).
   */
  public static void restartFailed(Logger log, Throwable thrown, String consumer, String why) {
    START_FAILED.logThrownAt(java.util.logging.Level.WARNING, log, thrown, consumer, why);
  }

  public static final Message STOP_FAILED =
      new Message(
          41,
          Level.WARN,
          "closing {what} failed during shutdown: {why}",
          "nothing: shutdown goes on");

  public static void stopFailed(Logger log, Throwable thrown, String what, String why) {
    STOP_FAILED.logThrown(log, thrown, what, why);
  }

  public static final Message GENERIC_MAPPER =
      new Message(
          42,
          Level.WARN,
          "FailureMapper bean '{mapper}' does not name a concrete exception type "
              + "(FailureMapper<E> with E a class); it is ignored",
          "declare the mapper as FailureMapper<E> with E a concrete exception class");

  public static void genericMapper(Logger log, String mapper) {
    GENERIC_MAPPER.log(log, mapper);
  }

  public static final Message SUBSCRIBED_AGAIN =
      new Message(
          110,
          Level.INFO,
          "consumer '{consumer}' consumes queue '{queue}' again after the broker "
              + "had cancelled its subscription");

  public static void subscribedAgain(Logger log, String consumer, String queue) {
    SUBSCRIBED_AGAIN.log(log, consumer, queue);
  }

  public static final Message REDECLARE_FAILED =
      new Message(
          111,
          Level.WARN,
          "consumer '{consumer}' ({method}): declaring its topology again after "
              + "{after} failed: {problems}; |the consumer subscribes to what the broker "
              + "has, if anything (it waits while its queue is missing): fix what the "
              + "problem names, or declare the topology on the broker and set "
              + "'warren.consumers.{consumer}.declare-topology=false'");

  public static void redeclareFailed(
      Logger log, Throwable thrown, String consumer, String method, String after, String problems) {
    REDECLARE_FAILED.logThrown(log, thrown, consumer, method, after, problems);
  }

  public static void redeclareFailed(
      Logger log, String consumer, String method, String after, String problems) {
    REDECLARE_FAILED.log(log, consumer, method, after, problems);
  }

  public static final Message HANDED_BACK_AT_SHUTDOWN =
      new Message(
          118,
          Level.INFO,
          "consumer '{consumer}' shut down with deliveries it had received but not "
              + "settled: {held}; |none was acked or rejected, closing the channel "
              + "returns them to queue '{queue}' and the broker delivers them "
              + "again{quorumNote}; nothing to fix");

  public static void handedBackAtShutdown(
      Logger log,
      String consumer,
      String queue,
      int notStarted,
      int delayed,
      int settling,
      boolean quorum) {
    List<String> parts = new ArrayList<>();
    if (notStarted > 0) {
      parts.add(notStarted + " not started yet");
    }
    if (delayed > 0) {
      parts.add(delayed + " held for a retryAfter due after 'warren.shutdown-timeout'");
    }
    if (settling > 0) {
      parts.add(settling + " whose settlement was not complete");
    }
    HANDED_BACK_AT_SHUTDOWN.log(
        log,
        consumer,
        String.join(", ", parts),
        queue,
        (quorum ? " (the quorum queue counts each as one more delivery)" : ""));
  }

  public static final Message HANDLER_OVERRAN =
      new Message(
          119,
          Level.WARN,
          "consumer '{consumer}' ({method}) still ran for {what} when its "
              + "handler-timeout ({timeout}) ran out; it is settled as retry() now (one "
              + "attempt, so a cap and its dead letter queue apply) and the handler is "
              + "interrupted; whatever it returns or throws later is ignored; |make the "
              + "handler return sooner, or raise '{key}' (keep it below the broker's "
              + "consumer_timeout, 'warren.broker.consumer-timeout')");

  public static void handlerOverran(
      Logger log, String consumer, String method, String what, Duration timeout, String key) {
    HANDLER_OVERRAN.log(log, consumer, method, what, timeout, key);
  }

  public static final Message LATE_RESULT_IGNORED =
      new Message(
          120,
          Level.INFO,
          "consumer '{consumer}' ({method}) ended {result} after its "
              + "handler-timeout had settled its delivery as retry(); |this late result "
              + "is ignored");

  public static void lateResultIgnored(Logger log, String consumer, String method, String result) {
    LATE_RESULT_IGNORED.log(log, consumer, method, result);
  }

  public static final Message REDELIVERY_HELD_BACK =
      new Message(
          121,
          Level.WARN,
          "consumer '{consumer}' ({method}): delivery {tag} is the same message as "
              + "one whose call overran its handler-timeout and still runs; |it is not "
              + "started on another worker until that call ends (else the message would "
              + "run twice at once)");

  public static void redeliveryHeldBack(Logger log, String consumer, String method, long tag) {
    REDELIVERY_HELD_BACK.log(log, consumer, method, tag);
  }

  public static final Message REDELIVERY_RETRIED_UNRUN =
      new Message(
          122,
          Level.WARN,
          "consumer '{consumer}' ({method}): delivery {tag} waited a whole "
              + "handler-timeout ({timeout}) for an earlier call of the same message, "
              + "which still runs; it is settled as retry() without running (one more "
              + "attempt); |a handler that never returns needs fixing");

  public static void redeliveryRetriedUnrun(
      Logger log, String consumer, String method, long tag, Duration timeout) {
    REDELIVERY_RETRIED_UNRUN.log(log, consumer, method, tag, timeout);
  }

  public static final Message HELD_PAST_CONSUMER_TIMEOUT =
      new Message(
          123,
          Level.WARN,
          "consumer '{consumer}' ({method}){holds}",
          "keep the handler-timeout well below the broker's consumer_timeout; lower prefetch, raise"
              + " concurrency or lower the handler-timeout so that a delivery cannot wait longer");

  /** Two texts under one id: a handler-timeout not below the consumer_timeout, or a long wait. */
  public static String heldPastConsumerTimeout(
      String consumer,
      String method,
      String key,
      Duration timeout,
      long calls,
      int prefetch,
      int concurrency,
      Duration consumerTimeout) {
    String broker =
        " the broker's consumer_timeout ("
            + consumerTimeout
            + ", 'warren.broker.consumer-timeout')";
    if (timeout.compareTo(consumerTimeout) >= 0) {
      return HELD_PAST_CONSUMER_TIMEOUT.text(
          consumer,
          method,
          ": '"
              + key
              + "' ("
              + timeout
              + ") is not shorter than"
              + broker
              + ": a handler that overruns has its channel closed by the broker (406) before"
              + " Warren settles it, and all the channel's deliveries come again; set the"
              + " handler-timeout well below the consumer_timeout (the broker checks it only once"
              + " a minute by default)");
    }
    return HELD_PAST_CONSUMER_TIMEOUT.text(
        consumer,
        method,
        " can hold a delivery unacked for up to "
            + timeout.multipliedBy(calls)
            + ": with prefetch "
            + prefetch
            + " and concurrency "
            + concurrency
            + " a delivery can wait behind others that each take up to the handler-timeout ("
            + timeout
            + ", '"
            + key
            + "') before its own call, and"
            + broker
            + " counts from when it sent the delivery; lower prefetch (the broker sends no more"
            + " than it), raise concurrency, or lower the handler-timeout");
  }

  public static final Message CHANNEL_CLOSED_AT_CONSUMER_TIMEOUT =
      new Message(
          124,
          Level.WARN,
          "consumer '{consumer}' ({method}): the broker closed its channel at its "
              + "consumer_timeout ({reason}): a delivery stayed unacked longer than "
              + "that, in a slow call of the method or waiting behind slow calls in the "
              + "prefetch; its unsettled deliveries go back to the queue and the "
              + "consumer reopens its channel in {pause}; |set '{handlerTimeoutKey}' "
              + "below the broker's consumer_timeout ('warren.broker.consumer-timeout') "
              + "so that Warren retries an overrunning delivery first, or lower prefetch");

  public static void channelClosedAtConsumerTimeout(
      Logger log,
      String consumer,
      String method,
      String reason,
      Duration pause,
      String handlerTimeoutKey) {
    CHANNEL_CLOSED_AT_CONSUMER_TIMEOUT.log(log, consumer, method, reason, pause, handlerTimeoutKey);
  }

  public static final Message CANCELLED_AT_CONSUMER_TIMEOUT =
      new Message(
          280,
          Level.WARN,
          "consumer '{consumer}' ({method}): the broker cancelled its subscription to "
              + "quorum queue '{queue}' at its consumer timeout{held}: RabbitMQ {version} "
              + "cancels a quorum queue's consumer whose delivery stays unacked that long and "
              + "hands its unacked deliveries to other consumers at once; Warren settles "
              + "nothing more on the cancelled channel (a call still running there has its "
              + "result dropped, WARREN-032, and its message comes again) and subscribed "
              + "again {when} on a new channel; |{fix}");

  /**
   * @param held how many deliveries the consumer held unsettled on the cancelled channel
   * @param oldest how long the oldest of them had been held
   * @param pause how long the consumer waited before subscribing again
   * @param hasHandlerTimeout whether the consumer has a handler-timeout (it subscribes with its own
   *     x-consumer-timeout then)
   */
  public static void cancelledAtConsumerTimeout(
      Logger log,
      String consumer,
      String method,
      String queue,
      String version,
      int held,
      Duration oldest,
      Duration pause,
      String handlerTimeoutKey,
      boolean hasHandlerTimeout) {
    CANCELLED_AT_CONSUMER_TIMEOUT.log(
        log,
        consumer,
        method,
        queue,
        (held == 0
            ? " (no delivery was held any more: the one that timed out was settled as the"
                + " cancel came)"
            : " while it held "
                + (held == 1 ? "a delivery" : held + " deliveries")
                + ", the oldest unacked for "
                + oldest.truncatedTo(java.time.temporal.ChronoUnit.MILLIS)),
        version,
        (pause.isZero() ? "at once" : "after " + pause + " (a second timeout in a few seconds)"),
        (hasHandlerTimeout
            ? "the handler ran past '"
                + handlerTimeoutKey
                + "' and the x-consumer-timeout Warren derives from it: make the handler"
                + " return sooner or lower prefetch"
            : "set '"
                + handlerTimeoutKey
                + "' so that Warren retries an overrunning delivery first (Warren then"
                + " subscribes with a longer x-consumer-timeout of its own), or raise the"
                + " queue's x-consumer-timeout (argument or policy) or the node's"
                + " consumer_timeout"));
  }

  public static final Message TIMEOUT_ARGUMENT_REFUSED =
      new Message(
          281,
          Level.WARN,
          "consumer '{consumer}' ({method}): queue '{queue}' refused the consumer argument "
              + "x-consumer-timeout ({reason}), which Warren sends to quorum queues on "
              + "RabbitMQ 4.3 and later so that the handler-timeout acts before the broker's "
              + "consumer timeout; the consumer subscribes without it from now on; |a "
              + "classic queue refuses it: if queue '{queue}' is a classic queue, set "
              + "queueType = CLASSIC on the consumer (classic consumers never time out on "
              + "RabbitMQ 4.3)");

  public static void timeoutArgumentRefused(
      Logger log, String consumer, String method, String queue, String reason) {
    TIMEOUT_ARGUMENT_REFUSED.log(log, consumer, method, queue, reason);
  }

  public static final Message SHUTDOWN_CALLS_UNANSWERED =
      new Message(
          260,
          Level.WARN,
          "the broker did not answer {count} {what}{calls} during shutdown in time "
              + "('warren.shutdown-timeout' is {timeout}, closing may take 5 s more); "
              + "Warren stopped waiting and closes its connections without the broker's "
              + "answer: deliveries still unacked go back to their queues as the broker "
              + "sees the connection close. |Check the broker for a memory or disk alarm "
              + "(rabbitmqctl status) or a network problem between the service and the "
              + "broker");

  /**
   * Shutdown stopped waiting for the broker's answer to {@code count} calls of {@code what} (a
   * broker that does not answer: an alarm-blocked connection, a half-open TCP connection).
   */
  public static void shutdownCallsUnanswered(Logger log, String what, int count, Duration timeout) {
    SHUTDOWN_CALLS_UNANSWERED.log(log, count, what, (count == 1 ? " call" : " calls"), timeout);
  }
}
