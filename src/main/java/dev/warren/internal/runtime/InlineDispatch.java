package dev.warren.internal.runtime;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.impl.ConsumerWorkService;
import com.rabbitmq.client.impl.WorkPool;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

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
 * <p>The client hands over its work as a runnable that takes the next block of callbacks from the
 * connection's work pool into a new list sized for 256 of them. A dispatch thread of the client's
 * pays for that list once per block it finds queued; run inline, every delivery is a block of its
 * own, and the list (about 1 KB) was most of Warren's allocation per consumed message. So where the
 * client is the one Warren was built against, this executor takes the blocks from the work pool
 * itself, into one list per thread that it empties and reuses, and otherwise does exactly what the
 * client's runnable does. The pool is reached through two fields the client does not publish (the
 * runnable's enclosing work service and that service's pool), looked up once; if a client version
 * has them no more, the client's runnable runs as it is: the same work, with the client's list.
 * {@link #takesBlocksItself()} says which, and a test pins it for the client Warren ships with.
 *
 * <p>It holds no threads, so there is nothing to shut down (and the client never shuts down an
 * executor it was given): work handed to it always runs, as the client's close of a channel hands
 * it a last callback.
 */
final class InlineDispatch extends AbstractExecutorService {

  private static final Logger LOG = Logger.getLogger(InlineDispatch.class.getName());

  /** As many callbacks per block as the client's own runnable takes. */
  private static final int BLOCK_SIZE = 256;

  /** The client's runnable, its enclosing work service and that service's pool; or all null. */
  private static final Class<?> CLIENT_RUNNABLE;

  private static final VarHandle WORK_SERVICE;
  private static final VarHandle WORK_POOL;

  static {
    Class<?> runnable = null;
    VarHandle service = null;
    VarHandle pool = null;
    try {
      runnable =
          Class.forName(
              ConsumerWorkService.class.getName() + "$WorkPoolRunnable",
              false,
              ConsumerWorkService.class.getClassLoader());
      service =
          MethodHandles.privateLookupIn(runnable, MethodHandles.lookup())
              .findVarHandle(runnable, "this$0", ConsumerWorkService.class);
      pool =
          MethodHandles.privateLookupIn(ConsumerWorkService.class, MethodHandles.lookup())
              .findVarHandle(ConsumerWorkService.class, "workPool", WorkPool.class);
    } catch (ReflectiveOperationException | RuntimeException notThisClient) {
      LOG.log(
          Level.FINE,
          "the client's consumer work runs with the client's own block lists: "
              + "its work pool cannot be reached",
          notThisClient);
      runnable = null;
    }
    CLIENT_RUNNABLE = runnable;
    WORK_SERVICE = service;
    WORK_POOL = pool;
  }

  /** One for every connection: it keeps nothing but a list per thread, empty between blocks. */
  static final InlineDispatch INSTANCE = new InlineDispatch();

  /** The list a thread takes its blocks into; null while it is in use (a callback's own work). */
  private final ThreadLocal<List<Runnable>> blocks = ThreadLocal.withInitial(ArrayList::new);

  private InlineDispatch() {}

  /** Whether blocks are taken from the client's work pool here, without a list per block. */
  static boolean takesBlocksItself() {
    return CLIENT_RUNNABLE != null;
  }

  @Override
  public void execute(Runnable command) {
    List<Runnable> block;
    if (command.getClass() != CLIENT_RUNNABLE || (block = blocks.get()) == null) {
      command.run();
      return;
    }
    blocks.set(null);
    try {
      runBlocks(workPool(command), block);
    } finally {
      block.clear();
      blocks.set(block);
    }
  }

  @SuppressWarnings("unchecked")
  private static WorkPool<Channel, Runnable> workPool(Runnable clientRunnable) {
    return (WorkPool<Channel, Runnable>) WORK_POOL.get(WORK_SERVICE.get(clientRunnable));
  }

  /**
   * What the client's runnable does, with a list that is reused: take the next ready channel's
   * block, run it, and go on while the pool says that channel has more (where the client's runnable
   * hands a new runnable to this executor). The callbacks report their own failures; a runtime
   * exception that escapes anyway, or one of the pool's, interrupts the thread once the work is
   * done, as the client's runnable does.
   */
  private static void runBlocks(WorkPool<Channel, Runnable> pool, List<Runnable> block) {
    boolean failed = false;
    try {
      boolean more = true;
      while (more) {
        Channel key = pool.nextWorkBlock(block, BLOCK_SIZE);
        if (key == null) {
          return;
        }
        try {
          for (int i = 0; i < block.size(); i++) {
            block.get(i).run();
          }
        } catch (RuntimeException callbackFailed) {
          failed = true;
        } finally {
          block.clear();
        }
        more = pool.finishWorkBlock(key);
      }
    } catch (RuntimeException poolFailed) {
      failed = true;
    } finally {
      if (failed) {
        Thread.currentThread().interrupt();
      }
    }
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
