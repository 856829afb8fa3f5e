package dev.warren.internal.settlement;

import dev.warren.Delay;
import dev.warren.Outcome;
import dev.warren.QueueType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Decides what settles a delivery. Pure: no I/O, no state. The rows are SPEC sections 2, 3 and 4:
 *
 * <pre>
 * outcome      queue    cap / delay             action
 * ack          any      any                     basic.ack
 * drop         any      any                     basic.reject(requeue=false)
 * retry        any      no cap                  basic.reject(requeue=true) (on a quorum queue
 *                                               with back-off, the broker holds it first)
 * retry        quorum   limit + route declared  basic.reject(requeue=true); the server counts
 * retry        quorum   a delayed copy at cap    dead-letter copy (the server's count restarted)
 * retry        classic  attempt &lt; cap           copy (count + 1) to the retry target, then reject
 * retry        classic  attempt &ge; cap          dead-letter copy (or, without a dead letter
 *                                               queue, basic.reject(requeue=false))
 * retryAfter   any      attempt &ge; cap          dead-letter copy instead of waiting again
 * retryAfter   classic  NONE                    hold unacked; after the delay copy (count + 1)
 *                                               to the retry target, then reject
 * retryAfter   quorum   NONE, back-off,         basic.reject(requeue=true): the broker holds it
 *                       delay &le; its hold        (min &times; delivery count, at most max)
 * retryAfter   quorum   NONE, back-off,         basic.reject(requeue=true), held for less than
 *                       delay &gt; its hold        asked: shortened, and warned (WARREN-295)
 * retryAfter   quorum   NONE, no back-off       basic.reject(requeue=true): delay discarded
 * retryAfter   any      DLX_TTL                 copy (count + 1, expiration) to the wait queue,
 *                                               then basic.ack
 * retryAfter   any      PLUGIN_DME              copy (count + 1, x-delay, not mandatory) to
 *                                               the delayed exchange, then basic.ack
 * </pre>
 *
 * A copy always waits for the broker's confirm before the original is settled; a copy that is not
 * confirmed sends the original back with {@code basic.reject(requeue=true)}.
 */
public final class Settlement {

  /** Why a message went to the dead letter queue. */
  public static final String DEATH_REASON_HEADER = "x-warren-death-reason";

  /** The queue a dead-lettered message came from. */
  public static final String ORIGIN_QUEUE_HEADER = "x-warren-origin-queue";

  /**
   * When Warren copied the message to the dead letter queue, in milliseconds since the epoch (a
   * long): the time dead letter operations filter ages by.
   */
  public static final String DIED_AT_HEADER = "x-warren-died-at";

  /** The exception that made the last attempt fail, {@code class: message}. */
  public static final String EXCEPTION_HEADER = "x-warren-exception";

  /** The delayed-message plugin's delay header. */
  public static final String DELAY_HEADER = "x-delay";

  /** Diagnostic headers travel with messages: bounded, since a big header can exceed frame_max. */
  public static final int MAX_EXCEPTION_HEADER_BYTES = 1024;

  private Settlement() {}

  /**
   * The action for {@code outcome}.
   *
   * @param outcome what the handler decided
   * @param attempt the delivery's attempt number (1 for the first delivery)
   * @param headers the delivery's headers as they arrived
   * @param failure the exception that led to the outcome, or {@code null}
   * @param policy the consumer's settings
   */
  public static Action decide(
      Outcome outcome,
      int attempt,
      Map<String, Object> headers,
      Throwable failure,
      ConsumerPolicy policy) {
    if (outcome instanceof Outcome.Ack) {
      return Action.ACK;
    }
    if (outcome instanceof Outcome.Drop) {
      return new Action.Reject(false, Action.Reason.DROP);
    }
    if (outcome instanceof Outcome.RetryAfter after) {
      return retryAfter(after.delay(), attempt, headers, failure, policy);
    }
    if (policy.capped()
        && Attempts.serverCounts(policy.queueType())
        && attempt >= policy.maxAttempts()
        && headers.containsKey(policy.retryCountHeader())) {
      // a delayed copy is a new message to the broker, whose delivery limit counts only its own
      // returns: Warren's count (carried by the copy) reached the cap, so dead-letter it here
      return atCap(headers, failure, policy);
    }
    if (!policy.publishesCopies()) {
      return new Action.Reject(true, Action.Reason.RETRY);
    }
    if (attempt >= policy.maxAttempts()) {
      return atCap(headers, failure, policy);
    }
    return new Action.Copy(
        policy.retryExchange(),
        policy.retryRoutingKey(),
        nextAttempt(headers, attempt, policy),
        policy.retryPersistent(),
        null,
        false,
        Action.Reason.RETRY);
  }

  @SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working
  private static Action retryAfter(
      Duration delay,
      int attempt,
      Map<String, Object> headers,
      Throwable failure,
      ConsumerPolicy policy) {
    if (policy.capped() && attempt >= policy.maxAttempts()) {
      return atCap(headers, failure, policy);
    }
    // refused where the outcome is returned (DelayLimits); held to the limit here, so that no
    // delay can become an ArithmeticException or an immediate redelivery
    Duration max = DelayLimits.max(policy.delay());
    delay = delay.compareTo(max) > 0 ? max : delay;
    Map<String, Object> next = nextAttempt(headers, attempt, policy);
    Action.Reason why = Action.Reason.DELAYED_RETRY;
    if (policy.delay() == Delay.DLX_TTL) {
      return new Action.Copy(
          "",
          policy.waitQueue(delay),
          next,
          true,
          Long.toString(DelayLimits.millis(delay)),
          true,
          why);
    }
    if (policy.delay() == Delay.PLUGIN_DME) {
      next.put(DELAY_HEADER, DelayLimits.millis(delay));
      // not mandatory: the plugin routes the copy only once its delay is over (SPEC 13). With
      // declare-topology Warren binds the exchange to the queue at deployment; otherwise it
      // checks that the exchange exists, and AMQP offers no way to check the binding
      return new Action.Copy(
          policy.delayTarget(), policy.queue(), next, true, null, true, why, false);
    }
    DelayedRetry backOff = policy.delayedRetry();
    if (policy.delay() == Delay.NONE
        && Attempts.serverCounts(policy.queueType())
        && backOff.delaysRejects()) {
      // no per-message delay over AMQP 0.9.1: the queue's back-off is all there is, and a longer
      // delay than it gives is said (WARREN-295), never silently cut
      return new Action.Reject(
          true,
          delay.compareTo(backOff.holdAfterReject(headers)) <= 0
              ? Action.Reason.DELAYED_RETRY
              : Action.Reason.DELAY_SHORTENED);
    }
    if (DelayLimits.discarded(policy.queueType(), policy.delay())) {
      return new Action.Reject(true, Action.Reason.DELAY_DISCARDED);
    }
    return new Action.Later(
        delay,
        new Action.Copy(
            policy.retryExchange(),
            policy.retryRoutingKey(),
            next,
            policy.retryPersistent(),
            null,
            false,
            why));
  }

  /**
   * The copy's headers: the original's with the retry count set so that the copy's attempt is the
   * next one. The quorum queue's own counts are left out: the copy is a new message.
   */
  private static Map<String, Object> nextAttempt(
      Map<String, Object> headers, int attempt, ConsumerPolicy policy) {
    Map<String, Object> next = new HashMap<>(headers);
    next.keySet().removeAll(Attempts.BROKER_COUNTS);
    next.put(policy.retryCountHeader(), (long) attempt);
    return next;
  }

  /** At the cap: to the dead letter queue, or nowhere without one. */
  private static Action atCap(
      Map<String, Object> headers, Throwable failure, ConsumerPolicy policy) {
    if (policy.deadLetter().isEmpty()) {
      return new Action.Reject(false, Action.Reason.CAP_REACHED);
    }
    return deadLetter(headers, failure, policy, "max-attempts");
  }

  /**
   * A delivery that Warren refused before its method ran (an {@code @Idempotent} consumer's
   * delivery without a message id), which every attempt would refuse again: straight to the dead
   * letter queue, marked {@value #DEATH_REASON_HEADER}{@code =refused} with the refusal's text in
   * {@value #EXCEPTION_HEADER}, settled as a dead letter at the cap is; without a dead letter
   * queue, {@code basic.reject(requeue=false)} (the queue's own dead-letter exchange, if it has
   * one).
   */
  public static Action refused(
      Map<String, Object> headers, Throwable failure, ConsumerPolicy policy) {
    if (policy.deadLetter().isEmpty()) {
      return new Action.Reject(false, Action.Reason.DROP);
    }
    return deadLetter(headers, failure, policy, "refused");
  }

  private static Action deadLetter(
      Map<String, Object> headers, Throwable failure, ConsumerPolicy policy, String reason) {
    Map<String, Object> dead = new HashMap<>(headers);
    dead.keySet().removeAll(Attempts.BROKER_COUNTS);
    dead.put(DEATH_REASON_HEADER, reason);
    dead.put(ORIGIN_QUEUE_HEADER, policy.queue());
    if (failure != null) {
      dead.put(EXCEPTION_HEADER, describe(failure));
    }
    // a quorum queue would dead-letter a rejected original a second time: ack it instead
    boolean ack = policy.queueType() == QueueType.QUORUM;
    return new Action.Copy(
        "", policy.deadLetter(), dead, true, null, ack, Action.Reason.DEAD_LETTER);
  }

  /**
   * A copy that failed {@code CopyFailures.GIVE_UP_AFTER} times in a row for the same message is
   * given up: the message goes to the dead letter queue instead, marked {@value
   * #DEATH_REASON_HEADER}{@code =copy-failed} with the last failure, settled as a dead letter at
   * the cap is. Nothing is lost: if that copy fails too, the original goes back to its queue.
   *
   * @param failed the copy that could not be published
   * @param failure why its last attempt failed
   * @return the dead-letter copy, or {@code null} when there is no dead letter queue or {@code
   *     failed} was the dead-letter copy itself
   */
  public static Action.Copy copyFailed(
      Map<String, Object> headers, Action.Copy failed, Throwable failure, ConsumerPolicy policy) {
    if (policy.deadLetter().isEmpty()
        || failed.reason() == Action.Reason.DEAD_LETTER
        || (failed.exchange().isEmpty() && failed.routingKey().equals(policy.deadLetter()))) {
      return null;
    }
    Map<String, Object> dead = new HashMap<>(headers);
    dead.keySet().removeAll(Attempts.BROKER_COUNTS);
    dead.put(DEATH_REASON_HEADER, "copy-failed");
    dead.put(ORIGIN_QUEUE_HEADER, policy.queue());
    dead.put(EXCEPTION_HEADER, describe(failure));
    boolean ack = policy.queueType() == QueueType.QUORUM;
    return new Action.Copy(
        "", policy.deadLetter(), dead, true, null, ack, Action.Reason.DEAD_LETTER);
  }

  /**
   * A dead-letter copy's headers as it is sent: {@code headers} with {@value #DIED_AT_HEADER} =
   * {@code epochMillis}. Apart from {@link #decide}, which holds no clock: only a message that dies
   * pays for it.
   */
  public static Map<String, Object> diedAt(Map<String, Object> headers, long epochMillis) {
    Map<String, Object> dead = new HashMap<>(headers);
    dead.put(DIED_AT_HEADER, epochMillis);
    return dead;
  }

  /**
   * The outcome of a handler failure no {@code FailureMapper} claims: {@code retry()} when the
   * consumer has an attempt cap, otherwise {@code drop()}, so that nothing loops forever.
   */
  public static Outcome unmappedFailure(boolean capped) {
    return capped ? Outcome.retry() : Outcome.drop();
  }

  /** {@code class: message}, cut to {@value #MAX_EXCEPTION_HEADER_BYTES} bytes of UTF-8. */
  static String describe(Throwable failure) {
    String text =
        failure.getClass().getName()
            + (failure.getMessage() == null ? "" : ": " + failure.getMessage());
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    if (utf8.length <= MAX_EXCEPTION_HEADER_BYTES) {
      return text;
    }
    // cut on a character boundary: decode the prefix and drop a partial last character
    String cut =
        new String(utf8, 0, MAX_EXCEPTION_HEADER_BYTES - 3, StandardCharsets.UTF_8)
            .replaceAll("\uFFFD$", "");
    return cut + "...";
  }
}
