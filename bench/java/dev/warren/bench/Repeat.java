package dev.warren.bench;

import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.concurrent.Callable;

/**
 * Runs one measured run again when something outside it broke it. The broker is shared: other
 * builds' integration tests close every connection on it now and then ({@code rabbitmqctl
 * close_all_connections}), which breaks a run in the middle; a run that failed on its own merits (a
 * wrong count, a message left on the queue) is not repeated.
 */
final class Repeat {

  private static final int ATTEMPTS = 3;

  /** Longer than the client's automatic recovery interval (5 s), so set-up can go on after it. */
  private static final long PAUSE_MILLIS = 6_000;

  private Repeat() {}

  static <T> T ifDisrupted(String what, Callable<T> run) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return run.call();
      } catch (Tally.Disrupted | IOException | ShutdownSignalException e) {
        if (attempt == ATTEMPTS || !disruption(e)) {
          throw e;
        }
        BenchMain.progress(what + " disrupted (" + e + "); running it again");
        Thread.sleep(PAUSE_MILLIS); // let the set-up connection recover
      }
    }
  }

  /** A disrupted run, or a set-up step that failed because the broker closed its connection. */
  private static boolean disruption(Exception e) {
    if (e instanceof Tally.Disrupted) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      // a connection closed under the run (a channel error such as a missing queue is not one)
      if (t instanceof ShutdownSignalException signal && signal.isHardError()) {
        return true;
      }
    }
    return false;
  }
}
