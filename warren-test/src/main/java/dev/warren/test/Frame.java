package dev.warren.test;

import java.time.Duration;
import java.util.Map;

/**
 * One frame Warren would send for a delivery, on the delivery's own channel, in the order it would
 * send them: a copy or a reply before the original's settlement, which waits for the broker's
 * confirm.
 */
public sealed interface Frame {

  /** {@code basic.ack}. */
  record Ack() implements Frame {
    @Override
    public String toString() {
      return "basic.ack";
    }
  }

  /**
   * {@code basic.reject(requeue)}.
   *
   * @param requeue whether the broker puts the message back in its queue
   */
  record Reject(boolean requeue) implements Frame {
    @Override
    public String toString() {
      return "basic.reject(requeue=" + requeue + ")";
    }
  }

  /**
   * {@code basic.publish} of a copy of the message (same body and properties) or of a responder's
   * reply, confirmed and, for a copy, mandatory.
   *
   * @param exchange where it goes ({@code ""}: the default exchange)
   * @param routingKey its routing key (for the default exchange: the queue)
   * @param headers its headers, as plain Java types (see {@link dev.warren.Delivery#headers()})
   * @param expiration its per-message TTL in ms ({@code DLX_TTL} wait queues), or {@code null}
   * @param persistent whether it is persistent
   * @param correlationId its correlation id (a reply's is the request's), or {@code null}
   * @param body its body (a reply's encoded value; a copy's is the original body)
   */
  record Publish(
      String exchange,
      String routingKey,
      Map<String, Object> headers,
      String expiration,
      boolean persistent,
      String correlationId,
      byte[] body)
      implements Frame {
    @Override
    public String toString() {
      return "basic.publish to exchange '"
          + exchange
          + "' with routing key '"
          + routingKey
          + "'"
          + (expiration == null ? "" : ", expiration " + expiration + " ms")
          + ", headers "
          + headers;
    }
  }

  /**
   * Nothing for {@code delay}: the original is held unacked in the service ({@code retryAfter} on a
   * classic queue with {@code Delay.NONE}); the frames after it follow once the delay is over.
   *
   * @param delay how long
   */
  record Wait(Duration delay) implements Frame {}

  /** {@code basic.ack}. */
  static Frame ack() {
    return new Ack();
  }

  /** {@code basic.reject(requeue)}. */
  static Frame reject(boolean requeue) {
    return new Reject(requeue);
  }
}
