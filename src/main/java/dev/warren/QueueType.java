package dev.warren;

/** The RabbitMQ queue type of a consumer's queue; it decides who counts delivery attempts. */
public enum QueueType {
  /** A classic queue: the broker keeps no delivery count, Warren counts in a header. */
  CLASSIC,
  /** A quorum queue: the broker counts deliveries in {@code x-delivery-count}. */
  QUORUM
}
