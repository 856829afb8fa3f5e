package dev.warren.internal.telemetry;

/**
 * The dead letter queue of one consumer, for the dead letter gauge.
 *
 * @param consumer the consumer's name
 * @param queue its dead letter queue
 * @param ready the dead letter queue's ready messages when last sampled; negative when unknown
 */
public record DeadLetterReading(String consumer, String queue, long ready) {}
