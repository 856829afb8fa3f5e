package dev.warren.internal.config;

import java.time.Duration;

/**
 * Application-wide settings, read once at deployment.
 *
 * @param connection how to reach the broker
 * @param declareTopology default of the per-consumer declare-topology switch
 * @param shutdownTimeout how long shutdown waits for in-flight handlers
 * @param retryCountHeader the header carrying Warren's retry count
 * @param publisher how the application's publisher confirms
 * @param managedThreadFactory the JNDI name of the managed thread factory, {@code none}, or {@code
 *     null} when not set
 * @param instanceId this instance of the application among those that share partitioned consumers
 *     ({@code warren.instance-id}): which partitions it prefers to consume
 * @param brokerConsumerTimeout the broker's {@code consumer_timeout} as the application declares it
 */
public record GlobalSettings(
    ConnectionSettings connection,
    boolean declareTopology,
    Duration shutdownTimeout,
    String retryCountHeader,
    PublisherSettings publisher,
    String managedThreadFactory,
    Duration brokerConsumerTimeout,
    String instanceId) {}
