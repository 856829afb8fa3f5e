package dev.warren.internal.publish;

import java.util.concurrent.ThreadFactory;

/**
 * The threads that must never wait for a publishing window: Warren's completion threads (where the
 * application's callbacks run), its {@code internal} pool and timer, and the client's I/O threads
 * that deliver confirms and replies. A publish made on one of them while the window is full is
 * queued and sent when a place frees, instead of parking the thread that would have freed it (a
 * {@code publish(a).thenCompose(v -> publish(b))} under load once parked both completion threads
 * and hung every publish and request). Every other thread (a handler's worker, the application's
 * own) waits as SPEC 11 says.
 *
 * <p>A mark on the thread, set once by the thread factories of Warren's pools ({@link #marking}).
 * The client's I/O threads are not Warren's: each {@link ConfirmTracker} knows the one that brings
 * its confirms.
 */
public final class MustNotBlock {

  private static final ThreadLocal<Boolean> MARKED = new ThreadLocal<>();

  private MustNotBlock() {}

  /** Whether the calling thread must not block on a window. */
  public static boolean here() {
    return MARKED.get() != null;
  }

  /** Marks the calling thread as one that must not block on a window. */
  static void mark() {
    MARKED.set(Boolean.TRUE); // a JDK class: nothing of Warren's is kept on a server's thread
  }

  /** {@code factory}'s threads, each marked before it runs anything. */
  public static ThreadFactory marking(ThreadFactory factory) {
    return task ->
        factory.newThread(
            () -> {
              mark();
              task.run();
            });
  }
}
