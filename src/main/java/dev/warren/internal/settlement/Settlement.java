package dev.warren.internal.settlement;

import dev.warren.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Decides what settles a delivery. Pure: no I/O, no state. The rows are SPEC sections 2 and 3:
 *
 * <pre>
 * outcome   queue    cap (maxAttempts)       action
 * ack       any      any                     basic.ack
 * drop      any      any                     basic.reject(requeue=false)
 * retry     any      none                    basic.reject(requeue=true)
 * retry     quorum   limit + route declared  basic.reject(requeue=true); the server counts
 * retry     classic  attempt &lt; cap           copy (retry count + 1) to the retry target, then
 *                                            basic.reject(requeue=false)
 * retry     classic  attempt &ge; cap, deadLetter  copy (headers as they arrived + death reason,
 *                                            origin queue, exception) to the dead letter queue,
 *                                            then basic.reject(requeue=false)
 * retry     classic  attempt &ge; cap, none    basic.reject(requeue=false)
 * retryAfter         (no delay strategy yet) as retry, and the delay is discarded
 * </pre>
 */
public final class Settlement {

  /** Why a message went to the dead letter queue. */
  public static final String DEATH_REASON_HEADER = "x-warren-death-reason";

  /** The queue a dead-lettered message came from. */
  public static final String ORIGIN_QUEUE_HEADER = "x-warren-origin-queue";

  /** The exception that made the last attempt fail, {@code class: message}. */
  public static final String EXCEPTION_HEADER = "x-warren-exception";

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
    Action.Reason why =
        outcome instanceof Outcome.RetryAfter
            ? Action.Reason.DELAY_NOT_SUPPORTED
            : Action.Reason.RETRY;
    if (!policy.publishesCopies()) {
      return new Action.Reject(true, why);
    }
    if (attempt < policy.maxAttempts()) {
      Map<String, Object> copy = new HashMap<>(headers);
      copy.put(policy.retryCountHeader(), (long) attempt);
      return new Action.Copy(
          policy.retryExchange(), policy.retryRoutingKey(), copy, policy.retryPersistent(), why);
    }
    if (policy.deadLetter().isEmpty()) {
      return new Action.Reject(false, Action.Reason.CAP_REACHED);
    }
    Map<String, Object> dead = new HashMap<>(headers);
    dead.put(DEATH_REASON_HEADER, "max-attempts");
    dead.put(ORIGIN_QUEUE_HEADER, policy.queue());
    if (failure != null) {
      dead.put(EXCEPTION_HEADER, describe(failure));
    }
    return new Action.Copy("", policy.deadLetter(), dead, true, Action.Reason.DEAD_LETTER);
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
