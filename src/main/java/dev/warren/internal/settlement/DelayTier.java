package dev.warren.internal.settlement;

import java.time.Duration;

/**
 * One wait queue of a tiered {@code DLX_TTL} delay.
 *
 * @param upTo the longest delay this tier is for
 * @param queue its wait queue
 */
public record DelayTier(Duration upTo, String queue) {}
