package dev.warren.internal.invocation;

/**
 * A delivery that the runtime can take from its handler while the handler still runs: at shutdown,
 * once {@code warren.shutdown-timeout} has run out (the channel hands it back to the broker), or at
 * the consumer's {@code handler-timeout} (it is settled as a retry). What the handler returns or
 * throws after that no longer decides anything, so it is not interpreted as the handler's outcome
 * (an interruption Warren caused is not the handler's failure).
 */
public interface HandedBack {

  /** Whether this delivery was taken from its handler before the handler finished. */
  boolean handedBack();
}
