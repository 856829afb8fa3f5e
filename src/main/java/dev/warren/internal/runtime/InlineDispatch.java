package dev.warren.internal.runtime;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The client's consumer work on a connection that only Warren's subscriptions use: each callback
 * runs on the thread that brings it, which for a delivery is the connection's I/O thread. The
 * client's default hands every callback to a dispatch thread of its own; Warren's subscription
 * callbacks hand the delivery on to the consumer's worker at once anyway (they never block and
 * never wait for the broker), so the client's hop was a second thread wake-up per message and
 * bought nothing. Never used for a connection that application code can reach (the publisher's, a
 * shared one): a callback of the application's that blocks, or waits for a broker reply, on the I/O
 * thread would stall the whole connection.
 *
 * <p>It holds no threads, so there is nothing to shut down (and the client never shuts down an
 * executor it was given): work handed to it always runs, as the client's close of a channel hands
 * it a last callback.
 */
final class InlineDispatch extends AbstractExecutorService {

  /** One for every connection: it has no state. */
  static final InlineDispatch INSTANCE = new InlineDispatch();

  private InlineDispatch() {}

  @Override
  public void execute(Runnable command) {
    command.run();
  }

  @Override
  public void shutdown() {
    // nothing to stop: see the class comment
  }

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}
