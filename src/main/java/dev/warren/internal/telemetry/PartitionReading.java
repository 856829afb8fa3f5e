package dev.warren.internal.telemetry;

/**
 * One partition of a partitioned consumer as this instance sees it, for the partition gauges.
 *
 * @param consumer the partition's consumer name ({@code accounts[0]})
 * @param queue its queue ({@code accounts.0})
 * @param active whether this instance consumes it now (as far as it can tell: see {@code
 *     consume.PartitionActivity})
 * @param ready its ready messages when last sampled; negative when unknown
 */
public record PartitionReading(String consumer, String queue, boolean active, long ready) {}
