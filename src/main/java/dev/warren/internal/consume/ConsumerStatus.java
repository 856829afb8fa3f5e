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
 */
public record ConsumerStatus(
    String name,
    String queue,
    ConsumerState state,
    int inFlight,
    int held,
    List<String> copiesFailing,
    PartitionStatus partition) {

  /** A consumer that is no partition and none of whose copies fails. */
  public ConsumerStatus(String name, String queue, ConsumerState state, int inFlight, int held) {
    this(name, queue, state, inFlight, held, List.of(), null);
  }

  /** The same consumer in another state. */
  public ConsumerStatus in(ConsumerState other) {
    return new ConsumerStatus(name, queue, other, inFlight, held, copiesFailing, partition);
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
