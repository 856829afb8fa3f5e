package dev.warren.internal.publish;

import java.util.concurrent.Semaphore;

/**
 * The two bounds of one {@link ConfirmTracker}, both {@code maxInFlight}. The <em>window</em>: at
 * most that many messages are sent and unconfirmed (SPEC 11); a place is taken as a message is sent
 * and freed the moment it is settled. The <em>admission</em>: an application thread waits while
 * that many of its messages' stages have not completed; a thread that {@link MustNotBlock}, or the
 * connection's I/O thread that brings confirms, is never admitted and so never waits. Thread-safe:
 * two semaphores and the I/O thread, remembered.
 */
final class InFlightLimits {

  private final Semaphore window; // places for sent, unconfirmed messages
  private final Semaphore admission; // application threads' messages whose stage is not complete
  private volatile Thread ioThread; // the last thread that brought a confirm: it must not block

  InFlightLimits(int maxInFlight) {
    this.window = new Semaphore(maxInFlight);
    this.admission = new Semaphore(maxInFlight);
  }

  /**
   * Admits a message of the calling thread: an application thread waits for a permit, a thread that
   * {@link MustNotBlock} (or the I/O thread) takes none.
   *
   * @return whether a permit was taken, to {@link #release} once the message's stage completed
   * @throws InterruptedException if interrupted while waiting for admission
   */
  boolean admit() throws InterruptedException {
    boolean admitted = !MustNotBlock.here() && Thread.currentThread() != ioThread;
    if (admitted) {
      admission.acquire();
    }
    return admitted;
  }

  /** Gives back {@code permits} admission permits. */
  void release(int permits) {
    admission.release(permits);
  }

  /** Takes a window place if one is free, without waiting. */
  boolean tryPlace() {
    return window.tryAcquire();
  }

  /** Whether a window place is free now. */
  boolean placeFree() {
    return window.availablePermits() > 0;
  }

  /** Frees {@code places} window places. */
  void free(int places) {
    window.release(places);
  }

  /**
   * The thread that brings confirms must never wait for a place, it is the one that frees them:
   * remembered, so that a publish made on it (from a listener the application added to a channel of
   * the same connection) is never held back.
   */
  void rememberIoThread() {
    Thread current = Thread.currentThread();
    if (ioThread != current) {
      ioThread = current;
    }
  }
}
