package dev.warren.internal.config;

import java.time.Duration;

/**
 * How the application's publisher confirms, read once at deployment.
 *
 * @param confirmTimeout how long a message may stay unconfirmed before its publish fails
 * @param maxInFlight the most unconfirmed messages per publishing channel, at least 1
 * @param nackRepublishes how often a nacked message is published again automatically (0 = never)
 */
public record PublisherSettings(Duration confirmTimeout, int maxInFlight, int nackRepublishes) {}
