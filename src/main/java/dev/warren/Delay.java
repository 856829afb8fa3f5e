package dev.warren;

/**
 * Where a message waits after {@link Outcome#retryAfter(java.time.Duration)}: AMQP has no
 * per-message delay, so the wait lives in the service, in a wait queue, or in the delayed-message
 * plugin's exchange. Every copy made for a new attempt carries the retry count + 1, and a delivery
 * already at its attempt cap goes to the dead letter queue instead of waiting again.
 */
public enum Delay {
  /**
   * Classic queue: a timer in the service holds the original unacked; when it fires, a confirmed
   * copy goes to the queue and the original is rejected. Holds a prefetch slot meanwhile; before
   * RabbitMQ 4.3 the broker closes a channel whose oldest delivery stays unacked past its {@code
   * consumer_timeout} (30 min by default; classic consumers never time out from 4.3 on). Quorum
   * queue: the delay is discarded and the delivery requeued at once.
   */
  NONE,
  /**
   * A wait queue on the broker (default {@code <queue>.retry}): the copy gets a per-message TTL and
   * dead-letters back to the queue when it expires. A queue expires messages only from its head, so
   * a short delay waits behind a longer one queued before it: use delay tiers to keep them apart.
   */
  DLX_TTL,
  /**
   * The delayed-message plugin's exchange (default {@code <queue>.delay}, type {@code
   * x-delayed-message}): the copy carries {@code x-delay}. Mixed delays do not wait for each other.
   * Needs the plugin on the broker; it keeps working wherever the plugin is installed.
   *
   * @deprecated the plugin's project (rabbitmq-delayed-message-exchange) was archived in 2026 and
   *     gets no more releases for new RabbitMQ versions. Use {@link #DLX_TTL} (a wait queue, on
   *     every version), or on RabbitMQ 4.3 and later quorum queues the broker's native delayed
   *     retry.
   */
  @Deprecated
  PLUGIN_DME
}
