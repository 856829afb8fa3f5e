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
 * @param priority this instance's subscription priority ({@code x-priority}) for the partition:
 *     where the broker lets a higher priority take a single active consumer's place (RabbitMQ 3.13
 *     and later), the instance with the highest priority consumes the partition
 */
public record Partition(String exchange, int index, int count, int priority) {

  /** Not partitioned: one queue. */
  public static final Partition NONE = new Partition("", 0, 0, 0);

  /** The subscription argument that carries {@link #priority}. */
  public static final String PRIORITY_ARGUMENT = "x-priority";

  /**
   * The priority of instance {@code instanceId} for partition {@code index} of {@code exchange}: a
   * well-mixed hash of both, from 1 to 2^20, so that over several instances each partition goes to
   * the one that scores highest for it (rendezvous hashing) and the partitions spread evenly on
   * average, with no coordination between instances.
   */
  public static int priority(String instanceId, String exchange, int index) {
    long h = 0x9E3779B97F4A7C15L;
    for (char c : (instanceId + '\u0000' + exchange + '\u0000' + index).toCharArray()) {
      h = (h ^ c) * 0x100000001B3L;
    }
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return 1 + (int) (h & 0xFFFFF);
  }

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

  /** The partitioned consumer's own name, from the {@link #name} of one of its partitions. */
  public static String consumer(String partitionName) {
    return partitionName.substring(0, partitionName.lastIndexOf('['));
  }
}
