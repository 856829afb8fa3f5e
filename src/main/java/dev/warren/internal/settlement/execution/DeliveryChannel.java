package dev.warren.internal.settlement.execution;

import com.rabbitmq.client.Channel;

/**
 * The channel one subscription's deliveries came on (not a recovering wrapper), as far as settling
 * them goes: they are settled there while it is open and the broker has not cancelled the
 * subscription. After a broker's {@code basic.cancel} nothing more is settled on it: RabbitMQ 4.3
 * has handed the consumer's unacked deliveries to other consumers at its consumer timeout, and an
 * ack or reject sent now would re-activate the cancelled consumer, whose next delivery goes to a
 * tag the client has dropped. One per subscription, shared by its deliveries.
 *
 * <p>Threads: {@link #withdraw} runs on the subscription's callback thread (the reader) as the
 * cancel arrives; {@link #usable} on whatever thread settles.
 */
public final class DeliveryChannel {

  private final Channel channel;
  private volatile boolean withdrawn;

  /**
   * @param channel the subscription's channel, not a recovering wrapper
   */
  public DeliveryChannel(Channel channel) {
    this.channel = channel;
  }

  /** The channel itself. */
  public Channel channel() {
    return channel;
  }

  /** The broker cancelled the subscription: nothing more is settled on this channel. */
  public void withdraw() {
    withdrawn = true;
  }

  /** Whether the broker cancelled the subscription. */
  public boolean withdrawn() {
    return withdrawn;
  }

  /** Whether the subscription's deliveries may still be settled here. */
  public boolean usable() {
    return !withdrawn && channel.isOpen();
  }
}
