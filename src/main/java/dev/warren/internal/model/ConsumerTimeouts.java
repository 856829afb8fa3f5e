package dev.warren.internal.model;

import dev.warren.QueueType;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What the broker's consumer timeout means for one consumer on one broker version, and the {@code
 * x-consumer-timeout} Warren subscribes with. Pure; decided at deployment and at each subscription
 * from the connection's version.
 *
 * <p>Measured: before RabbitMQ 4.3 a delivery left unacked past the timeout closes its channel
 * (406); 3.10 and 4.0 ignore a consumer's {@code x-consumer-timeout}. From 4.3 on a quorum queue
 * cancels the one consumer instead ({@code basic.cancel}), keeps the channel open and hands its
 * unacked deliveries to other consumers at once, and a consumer's {@code x-consumer-timeout} wins
 * over the queue's argument and the node's {@code consumer_timeout}; classic consumers never time
 * out, and a classic queue refuses {@code x-consumer-timeout} with a 406.
 */
public final class ConsumerTimeouts {

  /** The consumer argument: the longest, in ms, a delivery may stay unacked. */
  public static final String ARGUMENT = "x-consumer-timeout";

  /**
   * What the argument adds for the retry's own settlement: the pause after a failed copy can reach
   * 30 s (on top of the confirm timeout), and the broker checks the timeout on a tick.
   */
  public static final Duration MARGIN = Duration.ofSeconds(30);

  /**
   * The longest argument sent: {@code 2^31-1} ms (about 24.8 days), the largest signed 32-bit value
   * (a handler-timeout that long is out of the broker's view anyway).
   */
  public static final long LONGEST_MILLIS = Integer.MAX_VALUE;

  private ConsumerTimeouts() {}

  /** Whether {@code version} cancels a timed-out consumer of a quorum queue (4.3 and later). */
  public static boolean cancelsConsumers(BrokerVersion version) {
    return version.consumerTimeoutCancels();
  }

  /**
   * Whether the broker's consumer timeout can reach a consumer of a {@code type} queue on {@code
   * version}: always, except classic queues from RabbitMQ 4.3 on (never timed out). An unknown
   * version can.
   */
  public static boolean timesOut(QueueType type, BrokerVersion version) {
    return type == QueueType.QUORUM || !version.consumerTimeoutCancels();
  }

  /**
   * Whether the node's {@code consumer_timeout} (and a queue's argument) no longer applies to any
   * consumer with a handler-timeout on {@code version}: from 4.3 on, classic consumers never time
   * out and quorum consumers subscribe with their own {@link #argumentMillis}.
   */
  public static boolean nodeTimeoutReplaced(BrokerVersion version) {
    return version.consumerTimeoutCancels();
  }

  /**
   * How many calls a delivery can wait for on its worker, its own included: the broker sends up to
   * {@code prefetch} at once, and each worker takes one call (of up to {@code batchSize}) at a
   * time.
   */
  public static long calls(int prefetch, int concurrency, int batchSize) {
    long perWorker = Math.max(concurrency, 1) * (long) Math.max(batchSize, 1);
    return (Math.max(prefetch, 1) + perWorker - 1) / perWorker;
  }

  /**
   * The longest {@code model}'s handler-timeout lets a delivery stay unacked before Warren settles
   * it: {@link #calls} times the handler-timeout (plus the batch wait, for batches); {@link
   * Duration#ZERO} without a handler-timeout (nothing bounds a call then).
   */
  public static Duration longestHold(ConsumerModel model) {
    Duration timeout = model.handlerTimeout();
    if (timeout.isZero()) {
      return Duration.ZERO;
    }
    Duration call = model.batched() ? timeout.plus(model.batchWait()) : timeout;
    return call.multipliedBy(calls(model.prefetch(), model.concurrency(), model.batchSize()));
  }

  /**
   * The {@code x-consumer-timeout} (ms) {@code model} subscribes with on {@code version}: on a
   * quorum queue from RabbitMQ 4.3 on, with a handler-timeout, {@link #longestHold} plus one more
   * handler-timeout (a redelivery held back behind an overrunning call), the confirm timeout (the
   * retry's copy, a responder's reply) and {@link #MARGIN}, so that the handler-timeout always
   * settles the delivery before the broker cancels the consumer. Never on a classic queue (it
   * refuses the argument), never before 4.3 (it is ignored there), never without a handler-timeout
   * (the queue's or the node's timeout applies then).
   *
   * @param confirmTimeout {@code warren.publisher.confirm-timeout}
   */
  public static OptionalLong argumentMillis(
      ConsumerModel model, BrokerVersion version, Duration confirmTimeout) {
    if (model.queueType() != QueueType.QUORUM
        || !cancelsConsumers(version)
        || model.handlerTimeout().isZero()) {
      return OptionalLong.empty();
    }
    try {
      Duration total =
          longestHold(model).plus(model.handlerTimeout()).plus(confirmTimeout).plus(MARGIN);
      return OptionalLong.of(Math.min(Math.max(1, total.toMillis()), LONGEST_MILLIS));
    } catch (ArithmeticException tooLong) {
      return OptionalLong.of(LONGEST_MILLIS);
    }
  }
}
