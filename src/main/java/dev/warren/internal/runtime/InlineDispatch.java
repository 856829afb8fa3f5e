package dev.warren.internal.runtime;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.impl.ConsumerWorkService;
import com.rabbitmq.client.impl.WorkPool;
import com.rabbitmq.client.impl.recovery.AutorecoveringChannel;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The client's consumer work on Warren's connections. On a connection that only Warren's
 * subscriptions use ({@link #EVERYTHING}), each callback runs on the thread that brings it, which
 * for a delivery is the connection's I/O thread. The client's default hands every callback to a
 * dispatch thread of its own; Warren's subscription callbacks hand the delivery on to the
 * consumer's worker at once anyway (they never block and never wait for the broker), so the
 * client's hop was a second thread wake-up per message and bought nothing.
 *
 * <p>On a connection that application code can reach (the publisher's, a shared one; {@link
 * #onlyFor}), only the callbacks of the channels Warren {@linkplain #runsHere marks} run where they
 * arrive: the requester's reply consumer, which only hands the reply on as well. Every other
 * channel's callbacks run on a pool, as the client's would: a callback of the application's that
 * blocks, or waits for a broker reply, on the I/O thread would stall the whole connection.
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
 * Without them, all the work of a connection that application code can reach goes to the pool.
 *
 * <p>It holds no threads of its own, so there is nothing to shut down (and the client never shuts
 * down an executor it was given): work handed to it always runs, as the client's close of a channel
 * hands it a last callback. Once the pool refuses work (Warren is stopping), such work runs on the
 * thread that hands it over.
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

  /**
   * For every connection only Warren's subscriptions use: it keeps nothing but a list per thread.
   */
  static final InlineDispatch EVERYTHING = new InlineDispatch(null);

  /** The list a thread takes its blocks into; null while it is in use (a callback's own work). */
  private static final ThreadLocal<List<Runnable>> BLOCKS = ThreadLocal.withInitial(ArrayList::new);

  /** Where the callbacks of unmarked channels run; {@code null} when every callback runs here. */
  private final ExecutorService elsewhere;

  /** The client's channels (the work pool's keys) whose callbacks run here. */
  private final Set<Channel> here = ConcurrentHashMap.newKeySet();

  private InlineDispatch(ExecutorService elsewhere) {
    this.elsewhere = elsewhere;
  }

  /**
   * For a connection that application code can reach: the callbacks of the channels marked with
   * {@link #runsHere} run where they arrive, every other callback on {@code elsewhere}.
   */
  static InlineDispatch onlyFor(ExecutorService elsewhere) {
    return new InlineDispatch(elsewhere);
  }

  /**
   * Marks {@code channel}, opened on this dispatch's connection, as one whose consumer callbacks
   * only hand their work on (they never block, never wait for the broker): they run where they
   * arrive from now until the channel closes. After a recovery of the connection its callbacks run
   * on the pool: Warren's channels that consume there are replaced, not recovered.
   */
  void runsHere(Channel channel) {
    if (elsewhere == null || !takesBlocksItself()) {
      return;
    }
    // the work pool knows the client's channel, not the recovering wrapper the application gets
    Channel key =
        channel instanceof AutorecoveringChannel wrapper ? wrapper.getDelegate() : channel;
    here.add(key);
    channel.addShutdownListener(closed -> here.remove(key));
  }

  /** Whether blocks are taken from the client's work pool here, without a list per block. */
  static boolean takesBlocksItself() {
    return CLIENT_RUNNABLE != null;
  }

  @Override
  public void execute(Runnable command) {
    List<Runnable> block;
    if (command.getClass() != CLIENT_RUNNABLE || (block = BLOCKS.get()) == null) {
      // not the client's runnable, or a callback's own work (its list is in use)
      if (elsewhere == null) {
        command.run();
      } else {
        handOver(command);
      }
      return;
    }
    runBlocks(workPool(command), block, elsewhere == null);
  }

  /**
   * Runs blocks of the pool's work on this thread, in its list, until the pool has none ready.
   *
   * @param anyHere whether every channel's block runs here, else only the marked channels'
   */
  private void runBlocks(WorkPool<Channel, Runnable> pool, List<Runnable> block, boolean anyHere) {
    BLOCKS.set(null);
    try {
      runBlocksIn(pool, block, anyHere);
    } finally {
      block.clear();
      BLOCKS.set(block);
    }
  }

  /** Runs {@code task} on the pool, or here if the pool refuses it (Warren is stopping). */
  private void handOver(Runnable task) {
    try {
      elsewhere.execute(task);
    } catch (RejectedExecutionException stopping) {
      task.run();
    }
  }

  @SuppressWarnings("unchecked")
  private static WorkPool<Channel, Runnable> workPool(Runnable clientRunnable) {
    return (WorkPool<Channel, Runnable>) WORK_POOL.get(WORK_SERVICE.get(clientRunnable));
  }

  /**
   * What the client's runnable does, with a list that is reused: take the next ready channel's
   * block, run it, and go on while the pool says that channel has more (where the client's runnable
   * hands a new runnable to this executor). Unless {@code anyHere}, a block of an unmarked channel
   * goes to the pool in a list of its own, and the work goes on there. The callbacks report their
   * own failures; a runtime exception that escapes anyway, or one of the pool's, interrupts the
   * thread once the work is done, as the client's runnable does.
   */
  private void runBlocksIn(
      WorkPool<Channel, Runnable> pool, List<Runnable> block, boolean anyHere) {
    boolean failed = false;
    try {
      boolean more = true;
      while (more) {
        Channel key = pool.nextWorkBlock(block, BLOCK_SIZE);
        if (key == null) {
          return;
        }
        if (!anyHere && !here.contains(key)) {
          List<Runnable> own = new ArrayList<>(block);
          handOver(() -> runElsewhere(pool, key, own));
          return;
        }
        failed |= !runBlock(block);
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

  /** An unmarked channel's block, on the pool; then, there, whatever the work pool has ready. */
  private void runElsewhere(WorkPool<Channel, Runnable> pool, Channel key, List<Runnable> own) {
    boolean failed = !runBlock(own);
    try {
      if (pool.finishWorkBlock(key)) {
        List<Runnable> block = BLOCKS.get();
        runBlocks(pool, block == null ? new ArrayList<>() : block, true);
      }
    } catch (RuntimeException poolFailed) {
      failed = true;
    }
    if (failed) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs a block's callbacks in order, then empties the list.
   *
   * @return {@code false} when one threw (the rest of the block is skipped, as the client does)
   */
  private static boolean runBlock(List<Runnable> block) {
    try {
      for (int i = 0; i < block.size(); i++) {
        block.get(i).run();
      }
      return true;
    } catch (RuntimeException callbackFailed) {
      return false;
    } finally {
      block.clear();
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
