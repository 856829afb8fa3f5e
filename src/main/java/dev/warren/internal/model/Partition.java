package dev.warren.internal.model;

/**
 * Where a consumer stands in a partitioned consumer ({@code partitions = n}): one of {@code n}
 * quorum queues behind the hashing exchange, each with a single active consumer. Deployment turns
 * the consumer into one model per partition; each is consumed, settled and checked like a consumer
 * of its own.
 *
 * @param exchange the hashing exchange (the consumer's {@code queue} setting)
 * @param index this partition, 0 to {@code count - 1}
 * @param count how many partitions the consumer has; 0 when it is not partitioned
 */
public record Partition(String exchange, int index, int count) {

  /** Not partitioned: one queue. */
  public static final Partition NONE = new Partition("", 0, 0);

  /** Whether the consumer is one partition of a partitioned consumer. */
  public boolean partitioned() {
    return count > 0;
  }

  /** The queue of partition {@code index} of the consumer whose exchange is {@code exchange}. */
  public static String queue(String exchange, int index) {
    return exchange + "." + index;
  }

  /** The name of partition {@code index} of consumer {@code consumer}, for logs and health. */
  public static String name(String consumer, int index) {
    return consumer + "[" + index + "]";
  }
}
