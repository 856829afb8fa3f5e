package dev.warren.internal.invocation;

import dev.warren.Outcome;

/**
 * What handling one delivery came to.
 *
 * @param outcome the outcome to settle with (for a responder's reply: once the reply is published)
 * @param failure the exception the outcome was mapped from, or {@code null}
 * @param reply a responder's reply to publish before settling, or {@code null}
 */
public record Handled(Outcome outcome, Throwable failure, Reply reply) {

  /** Handled without a reply. */
  public Handled(Outcome outcome, Throwable failure) {
    this(outcome, failure, null);
  }
}
