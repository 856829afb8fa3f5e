package dev.warren.spi;

import dev.warren.Delivery;
import dev.warren.Outcome;

/**
 * Maps an exception thrown by a consumer method (or completing its stage) to an {@link Outcome}, in
 * the spirit of JAX-RS {@code ExceptionMapper}. Implement it as a CDI bean; for a given exception
 * the mapper of the most specific matching type wins.
 *
 * <p>Without a matching mapper (or when the mapper returns {@code null}) Warren settles the
 * delivery with {@code retry()} when its consumer has an attempt cap ({@code maxAttempts} above 0,
 * so the cap ends the retries), otherwise with {@code drop()}: a failing message never loops
 * forever.
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
