package dev.warren.internal.extension;

import dev.warren.QueueType;
import jakarta.enterprise.inject.spi.Bean;

/**
 * Everything Warren knows about one consumer, built once at deployment and never changed.
 *
 * @param name the consumer's unique name
 * @param where {@code BeanClass#method}, for messages
 * @param bean the CDI bean declaring the method
 * @param shape the method's parameters and return kind
 * @param queue the queue to consume from
 * @param queueType the queue's type
 * @param prefetch the {@code basic.qos} prefetch count, at least 1
 * @param concurrency deliveries handled at the same time, at least 1
 * @param declareTopology whether to declare the queue (else only check it exists)
 * @param enabled whether the consumer starts
 */
public record ConsumerModel(
    String name,
    String where,
    Bean<?> bean,
    HandlerShape shape,
    String queue,
    QueueType queueType,
    int prefetch,
    int concurrency,
    boolean declareTopology,
    boolean enabled) {}
