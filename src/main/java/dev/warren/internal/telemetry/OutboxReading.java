package dev.warren.internal.telemetry;

/**
 * The outbox as its relay last counted it, for the outbox gauges.
 *
 * @param table the outbox table
 * @param pending rows not yet published
 * @param oldestAgeSeconds the oldest pending row's age in seconds, 0 when there are none
 * @param failing rows the broker returned or nacked at least once
 */
public record OutboxReading(String table, long pending, double oldestAgeSeconds, long failing) {}
