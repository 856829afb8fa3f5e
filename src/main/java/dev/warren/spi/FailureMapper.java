package dev.warren.spi;

import dev.warren.Delivery;
import dev.warren.Outcome;

/**
 * Maps an exception thrown by a consumer method (or completing its stage) to an {@link Outcome}, in
 * the spirit of JAX-RS {@code ExceptionMapper}. Implement it as a CDI bean; for a given exception
 * the mapper of the most specific matching type wins: the one declared for the exception's class,
 * else for its nearest superclass.
 *
 * <p>Without a matching mapper, when the mapper returns {@code null}, and when the mapper itself
 * throws (logged as {@code WARREN-037}), Warren settles the delivery with {@code retry()} when its
 * consumer has an attempt cap ({@code maxAttempts} above 0, so the cap ends the retries), otherwise
 * with {@code drop()}: a failing message never loops forever. The same default replaces a {@code
 * retryAfter} longer than the consumer's delay strategy can hold ({@code WARREN-135}). A mapper
 * also receives the exceptions Warren raises for a method's result: an {@link
 * IllegalArgumentException} for such a {@code retryAfter}, an {@link IllegalStateException} for a
 * {@code null} outcome.
 *
 * <p>The outcome is then settled like one the method returned: at the cap a {@code retry()} or
 * {@code retryAfter} goes to the consumer's dead letter queue (or is dropped without one). An
 * {@link Error} is never mapped: the consumer stops and the delivery is left for the broker to
 * redeliver.
 *
 * @param <E> the exception type this mapper handles, including its subtypes
 */
@FunctionalInterface
public interface FailureMapper<E extends Throwable> {

  /**
   * Decides what happens to the delivery whose handler failed.
   *
   * @param failure what the handler threw
   * @param delivery the delivery being handled
   * @return the outcome; {@code null} means the default mapping
   */
  Outcome toOutcome(E failure, Delivery delivery);
}
