package dev.warren.internal.runtime;

/**
 * A snapshot of one consumer, for health checks.
 *
 * @param name the consumer's name
 * @param queue its queue
 * @param state where it stands
 * @param inFlight deliveries received and not yet settled (including those held)
 * @param held deliveries held unacked for an in-process retry delay
 */
public record ConsumerStatus(
    String name, String queue, ConsumerState state, int inFlight, int held) {}
