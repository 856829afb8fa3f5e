package dev.warren.internal.telemetry;

import dev.warren.Outcome;

/**
 * One delivery from the start of its handling (decoding included) to its settlement frame. Its span
 * ends once, at {@link #settled}, {@link #held} or {@link #abandoned}, whichever comes first; later
 * calls change nothing.
 */
public interface Processing {

  /** Reports nothing. */
  Processing NONE = new Processing() {};

  /** Makes the delivery's span current on this thread, for the method's call. */
  default Scope enter() {
    return Scope.NONE;
  }

  /** What the handler came to, and the exception behind it, if any. */
  default void handled(Outcome outcome, Throwable failure) {}

  /** A copy or reply sent on behalf of this delivery, as a child of its span. */
  default Sending sending(SendKind kind, String exchange, String routingKey) {
    return Sending.NONE;
  }

  /** The delivery is held unacked for an in-process delay; its copy follows later. */
  default void held() {}

  /** The delayed copy of a held delivery went out (or failed): it is no longer held. */
  default void released() {}

  /**
   * The delivery's settlement frame was sent (or could not be).
   *
   * @param frame e.g. {@code basic.ack}, {@code basic.reject(requeue=true)}
   * @param sent whether the frame went out (false: the channel had closed, the broker redelivers)
   */
  default void settled(String frame, boolean sent) {}

  /** The delivery is given up unsettled (its channel closed, or the consumer stopped). */
  default void abandoned(String why) {}
}
