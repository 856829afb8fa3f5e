package dev.warren.internal.invocation;

import dev.warren.Outcome;

/**
 * What handling one delivery came to.
 *
 * @param outcome the outcome to settle with
 * @param failure the exception the outcome was mapped from, or {@code null}
 */
public record Handled(Outcome outcome, Throwable failure) {}
