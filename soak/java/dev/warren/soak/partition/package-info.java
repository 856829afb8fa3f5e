/**
 * The cluster fault run of partitioned consumers: three application instances (separate JVMs,
 * {@link dev.warren.soak.partition.PartitionInstance}) consume a partitioned consumer over a
 * three-node cluster while a driver ({@link dev.warren.soak.partition.PartitionDriver}) publishes
 * numbered messages per key, kills instances with {@code kill -9} and starts them again, and stops
 * and starts a broker node; at the end it reads what every instance handled and says what was lost,
 * duplicated and reordered per key, how long partitions paused after an instance died, and which
 * instance consumed which partition. Not API and not a CI test: run it by hand with {@code
 * it/brokers/partition-soak.sh}.
 */
package dev.warren.soak.partition;
