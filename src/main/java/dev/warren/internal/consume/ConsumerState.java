package dev.warren.internal.consume;

/** Where one consumer stands, as health checks and operators read it. */
public enum ConsumerState {
  /** Not subscribed yet: the application has not started it. */
  STARTING,
  /** Subscribed: deliveries arrive. */
  CONSUMING,
  /** Its channel or connection was lost; it is being reopened (by Warren or the client). */
  RECOVERING,
  /** The broker cancelled its subscription (the queue was deleted); it waits for the queue. */
  WAITING_FOR_QUEUE,
  /**
   * Its connection closes again and again: the client cannot read a message that the broker
   * delivers on it, first in its queue or another queue of the connection (logged once, with an
   * id); it waits for an operator to remove the message.
   */
  UNREADABLE_MESSAGE,
  /** Shut down, or stopped for good after a handler threw an {@code Error}. */
  STOPPED
}
