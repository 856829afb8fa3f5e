package dev.warren.internal.outbox;

import com.rabbitmq.client.AMQP;

/**
 * One row of the outbox table as the relay reads it. Immutable (the body is not copied: nothing
 * writes to it).
 *
 * @param id the row's key, in publish order
 * @param messageId the message's stable id, also in {@code properties}
 * @param properties the message's properties, with its message id
 * @param attempts how many times the relay already tried it and failed
 */
record OutboxRow(
    long id,
    String messageId,
    String exchange,
    String routingKey,
    boolean mandatory,
    AMQP.BasicProperties properties,
    byte[] body,
    int attempts) {}
