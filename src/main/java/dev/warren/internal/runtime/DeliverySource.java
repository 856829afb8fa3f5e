package dev.warren.internal.runtime;

import java.util.function.Consumer;

/**
 * What every delivery of one consumer shares, held by each delivery in one field: the consumer's
 * name and queue, for what is said about the delivery, and what a worker does with it when the
 * consumer's dispatcher hands its deliveries to the workers one by one. The delivery is then the
 * worker's task itself ({@link IncomingDelivery#run()}): no task object per message.
 *
 * @param worker what a worker does with one delivery; {@code null} for a consumer of batches, whose
 *     workers get whole batches
 */
record DeliverySource(String consumerName, String queue, Consumer<IncomingDelivery> worker) {}
