package dev.warren.internal.ee;

import jakarta.enterprise.concurrent.ContextService;
import java.util.concurrent.Executor;

/**
 * Captures the calling thread's EE context with the server's {@link ContextService}. The only class
 * that uses Jakarta Concurrency's types; loaded only once {@link ManagedThreads} has seen the API
 * on the class path.
 */
final class ContextCapture {

  private ContextCapture() {}

  /**
   * An executor that runs each task on the calling thread with the context captured now, or {@code
   * null} when {@code contextService} is none (a lookup failure) or predates Concurrency 3.0.
   */
  static Executor now(Object contextService) {
    if (!(contextService instanceof ContextService service)) {
      return null;
    }
    try {
      return service.currentContextExecutor();
    } catch (AbstractMethodError | UnsupportedOperationException e) {
      return null;
    }
  }
}
