package dev.warren.internal.settlement.execution;

import dev.warren.internal.logging.RateLimit;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What every delivery of one consumer shares, held by each delivery in one field: the consumer's
 * name and queue, for what is said about the delivery, and what a worker does with it when the
 * consumer's dispatcher hands its deliveries to the workers one by one. The delivery is then the
 * worker's task itself ({@link IncomingDelivery#run()}): no task object per message.
 *
 * @param worker what a worker does with one delivery; {@code null} for a consumer of batches, whose
 *     workers get whole batches
 * @param listener what telemetry sees of the settlement of the consumer's deliveries
 * @param channelGone limits the consumer's WARREN-032 lines (a delivery whose channel closed before
 *     it was settled) to one a minute: a recovered connection can leave thousands of deliveries in
 *     flight, each settled on its dead channel
 */
public record DeliverySource(
    String consumerName,
    String queue,
    Consumer<IncomingDelivery> worker,
    SettlementListener listener,
    RateLimit channelGone) {

  /** How often a consumer says that deliveries' channels closed before they were settled. */
  static final Duration CHANNEL_GONE_INTERVAL = Duration.ofMinutes(1);

  public DeliverySource(
      String consumerName,
      String queue,
      Consumer<IncomingDelivery> worker,
      SettlementListener listener) {
    this(consumerName, queue, worker, listener, new RateLimit(CHANNEL_GONE_INTERVAL));
  }
}
