package dev.warren.internal.settlement.execution;

import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.logging.SettlementMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Runs the steps that carry one consumer's deliveries from their handler's result to their
 * settlement frame when they run as continuations: after a stage completed (the handler's, or the
 * confirm of a copy or a reply), on a timer (an in-process delay, the pause after a failed copy, a
 * handler-timeout) or on the completions executor. An exception there would otherwise end up in a
 * stage nobody reads or a timer's future, and leave the delivery unsettled for good: its prefetch
 * slot lost, shutdown waiting for it, nothing logged.
 *
 * <p>If a step throws, each delivery it carries that no frame was sent for yet goes back to its
 * queue ({@code basic.reject requeue=true}: when in doubt the message is delivered again, never
 * lost) and {@code WARREN-137} says which consumer, method and step failed; a step that failed
 * after its delivery's frame was sent (or its channel closed, so the broker delivers it again
 * anyway), or one beside a settlement that goes on ({@link #alongside}), is only reported, {@code
 * WARREN-138}. Either way the delivery leaves {@link InFlight}. Each message is logged at most once
 * a minute per consumer, since a step that always fails fails for every message. One per consumer,
 * for its lifetime.
 */
public final class SettlementGuard {

  /** The steps, as the messages name them. */
  public static final String AFTER_HANDLER = "settling the delivery after its handler returned";

  public static final String AFTER_BATCH =
      "settling the delivery after its batch's handler returned";
  public static final String AFTER_REPLY = "settling the request after its reply";
  static final String AFTER_COPY = "settling the original after its copy's confirm";
  static final String DELAY_ENDED = "publishing the copy when its in-process delay ended";
  static final String COPY_PAUSE_ENDED = "returning the original after the pause for a failed copy";
  static final String SETTLING_LATER = "settling the delivery on Warren's completion threads";
  public static final String HANDLER_TIMEOUT = "settling the delivery at its handler-timeout";
  static final String COPY_SPAN = "ending the span of the original's copy once it was confirmed";
  public static final String REPLY_SPAN =
      "ending the span of the request's reply once it was confirmed";

  private static final Logger LOG = Logger.getLogger(SettlementGuard.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);

  private final String consumer;
  private final String where;
  private final InFlight inFlight;
  private final RateLimit requeuedWarnings = new RateLimit(WARNING_INTERVAL);
  private final RateLimit settledWarnings = new RateLimit(WARNING_INTERVAL);

  /**
   * @param consumer the consumer's name, for messages
   * @param where its bean method, for messages
   * @param inFlight its unsettled deliveries
   */
  public SettlementGuard(String consumer, String where, InFlight inFlight) {
    this.consumer = consumer;
    this.where = where;
    this.inFlight = inFlight;
  }

  /** Runs {@code step} for {@code delivery}; if it throws, settles what it left unsettled. */
  public void run(String step, IncomingDelivery delivery, Runnable body) {
    try {
      body.run();
    } catch (RuntimeException | Error failure) {
      failed(step, delivery, failure);
    }
  }

  /** Runs {@code step} for {@code deliveries}; if it throws, settles what it left unsettled. */
  public void run(String step, List<IncomingDelivery> deliveries, Runnable body) {
    try {
      body.run();
    } catch (RuntimeException | Error failure) {
      recover(step, deliveries, failure);
    }
  }

  /**
   * {@code step} threw {@code failure} for {@code delivery}: settles it if it is still unsettled,
   * as {@link #run} does. For a step written as its own {@code try} block, where a {@code Runnable}
   * per delivery would cost an allocation on the consume path.
   */
  public void failed(String step, IncomingDelivery delivery, Throwable failure) {
    recover(step, List.of(delivery), failure);
  }

  /**
   * Runs {@code step} beside {@code delivery}'s settlement, which goes on whatever it throws (the
   * end of a copy's or a reply's span, once the broker confirmed it): a failure is only reported.
   */
  public void alongside(String step, IncomingDelivery delivery, Runnable body) {
    try {
      body.run();
    } catch (RuntimeException | Error failure) {
      report(step, "delivery " + delivery.deliveryTag(), failure);
    }
  }

  /** {@code step} as a task for a timer or an executor, guarded like {@link #run}. */
  public Runnable task(String step, IncomingDelivery delivery, Runnable body) {
    return () -> run(step, delivery, body);
  }

  private void recover(String step, List<IncomingDelivery> deliveries, Throwable failure) {
    List<Long> requeued = new ArrayList<>(deliveries.size());
    List<Long> settled = new ArrayList<>(deliveries.size());
    for (IncomingDelivery delivery : deliveries) {
      try {
        if (delivery.requeueUnlessSettled()) {
          requeued.add(delivery.deliveryTag());
        } else {
          settled.add(delivery.deliveryTag());
        }
      } catch (RuntimeException | Error again) {
        failure.addSuppressed(again);
        settled.add(delivery.deliveryTag());
      } finally {
        inFlight.done(delivery);
      }
    }
    if (!requeued.isEmpty()) {
      if (requeuedWarnings.allow()) {
        SettlementMessages.stepFailedRequeued(
            LOG, failure, consumer, where, step, failure.toString(), describe(requeued));
      }
    } else {
      report(step, describe(settled), failure);
    }
  }

  private void report(String step, String deliveries, Throwable failure) {
    if (settledWarnings.allow()) {
      SettlementMessages.stepFailedAfterSettling(
          LOG, failure, consumer, where, step, failure.toString(), deliveries);
    }
  }

  private static String describe(List<Long> tags) {
    return tags.size() == 1 ? "delivery " + tags.get(0) : "deliveries " + tags;
  }
}
