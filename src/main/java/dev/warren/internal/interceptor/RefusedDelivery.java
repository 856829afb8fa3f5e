package dev.warren.internal.interceptor;

/**
 * Thrown by an interceptor of Warren's that refuses a delivery before the method runs (an
 * {@code @Idempotent} consumer's delivery without a message id): the delivery is settled with
 * {@code drop()} whatever the application's {@code FailureMapper}s say, since it would be refused
 * again on every attempt. Its message is the catalogue's text that says why and what to fix.
 */
public final class RefusedDelivery extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param message the catalogue's text: what is wrong, where, and the fix
   */
  public RefusedDelivery(String message) {
    super(message);
  }
}
