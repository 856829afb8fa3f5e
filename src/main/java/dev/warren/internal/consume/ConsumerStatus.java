package dev.warren.internal.consume;

import java.util.List;

/**
 * A snapshot of one consumer, for health checks.
 *
 * @param name the consumer's name
 * @param queue its queue
 * @param state where it stands
 * @param inFlight deliveries received and not yet settled (including those held)
 * @param held deliveries held unacked for an in-process retry delay
 * @param copiesFailing the targets whose copies (retry, delayed retry or dead letter) were given up
 *     for a message after failing again and again, each with its last failure; empty when all is
 *     well. Readiness is DOWN while there is one.
 * @param partition for one partition of a partitioned consumer, its activity here and its lag;
 *     {@code null} for any other consumer
 * @param deadLetters the ready messages of its dead letter queue when last sampled; negative when
 *     it has none, before the first sample or when the sample failed. Readiness stays as it is
 *     whatever their number.
 */
public record ConsumerStatus(
    String name,
    String queue,
    ConsumerState state,
    int inFlight,
    int held,
    List<String> copiesFailing,
    PartitionStatus partition,
    long deadLetters) {

  /** A consumer that is no partition and none of whose copies fails. */
  public ConsumerStatus(String name, String queue, ConsumerState state, int inFlight, int held) {
    this(name, queue, state, inFlight, held, List.of(), null);
  }

  /** A consumer as it knows itself: its dead letters are sampled elsewhere. */
  public ConsumerStatus(
      String name,
      String queue,
      ConsumerState state,
      int inFlight,
      int held,
      List<String> copiesFailing,
      PartitionStatus partition) {
    this(name, queue, state, inFlight, held, copiesFailing, partition, -1);
  }

  /** The same consumer in another state. */
  public ConsumerStatus in(ConsumerState other) {
    return new ConsumerStatus(
        name, queue, other, inFlight, held, copiesFailing, partition, deadLetters);
  }

  /** The same consumer with its dead letter queue's ready messages. */
  public ConsumerStatus withDeadLetters(long ready) {
    return new ConsumerStatus(name, queue, state, inFlight, held, copiesFailing, partition, ready);
  }

  /**
   * One partition as this instance sees it.
   *
   * @param activity whether this instance consumes it
   * @param ready its ready messages (its lag) when last sampled; negative before the first sample
   *     or when the sample failed
   */
  public record PartitionStatus(PartitionActivity activity, long ready) {}
}
