package dev.warren.internal.config;

/** Which connections the application opens ({@code warren.connections}). */
public enum ConnectionLayout {
  /** One connection for the consumers and one for publishing and requests. */
  BY_ROLE,
  /** One connection for everything. */
  SHARED,
  /**
   * One connection for each consumer and one for publishing and requests: a message the client
   * cannot read closes only its own consumer's connection.
   */
  PER_CONSUMER
}
