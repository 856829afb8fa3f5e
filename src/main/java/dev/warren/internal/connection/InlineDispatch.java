package dev.warren.internal.connection;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.impl.ClientVersion;
import com.rabbitmq.client.impl.ConsumerWorkService;
import com.rabbitmq.client.impl.WorkPool;
import com.rabbitmq.client.impl.recovery.AutorecoveringChannel;
import dev.warren.internal.logging.ClientMessages;
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
 *
 * <p>Failures. The client wraps every consumer callback and hands what it throws to the
 * connection's exception handler ({@link ClientErrors}: logs WARREN-205 and closes that channel,
 * off this thread), so what reaches this class is rare: the exception handler itself failing, or
 * the work pool. Whatever it is (an {@link Error} too), it is logged with an id (WARREN-231,
 * WARREN-232), the block's other callbacks still run, the channel's block is always finished (so
 * the channel's later callbacks are handed out again), nothing is rethrown into the connection's
 * reader, and the thread is never left interrupted: the client's own runnable interrupts its thread
 * on a failure, and an interrupted reader makes the client's work pool drop every later delivery of
 * the connection without a word (its enqueueing {@code put} fails at once). Where the client's
 * runnable runs as it is (a nested callback's own work, or a client without the fields), an
 * interruption it leaves is cleared and logged (WARREN-233).
 *
 * <p>Threads. {@link #execute} runs on the thread that hands the client's work over: the
 * connection's reader thread for deliveries, cancels and the close of a consumer's channel (and
 * sometimes an application thread that closes or cancels); the blocks of unmarked channels run on
 * the pool given to {@link #onlyFor} (Warren's client work threads). The lookup of the client's
 * fields runs once, when the class is initialized (at the first connection); if they are missing it
 * logs WARREN-230 at WARN, so that an upgraded client never costs performance in silence, and a
 * unit test fails on such an upgrade.
 */
public final class InlineDispatch extends AbstractExecutorService {

  private static final Logger LOG = Logger.getLogger(InlineDispatch.class.getName());

  /** As many callbacks per block as the client's own runnable takes. */
  private static final int BLOCK_SIZE = 256;

  /** The client's runnable that {@link ConsumerWorkService} hands its executor. */
  static final String CLIENT_RUNNABLE_NAME =
      ConsumerWorkService.class.getName() + "$WorkPoolRunnable";

  /** The runnable's field that holds its enclosing {@link ConsumerWorkService}. */
  static final String WORK_SERVICE_FIELD = "this$0";

  /** The {@link ConsumerWorkService}'s field that holds its {@link WorkPool}. */
  static final String WORK_POOL_FIELD = "workPool";

  /**
   * The client's runnable and how to reach its pool; {@code null} if this client has them no more.
   */
  private static final Reach REACH =
      Reach.find(CLIENT_RUNNABLE_NAME, WORK_SERVICE_FIELD, WORK_POOL_FIELD);

  private static final Class<?> CLIENT_RUNNABLE = REACH == null ? null : REACH.runnable();

  /**
   * For every connection only Warren's subscriptions use: it keeps nothing but a list per thread.
   */
  public static final InlineDispatch EVERYTHING = new InlineDispatch(null);

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
  public static InlineDispatch onlyFor(ExecutorService elsewhere) {
    return new InlineDispatch(elsewhere);
  }

  /**
   * Marks {@code channel}, opened on this dispatch's connection, as one whose consumer callbacks
   * only hand their work on (they never block, never wait for the broker): they run where they
   * arrive from now until the channel closes. After a recovery of the connection its callbacks run
   * on the pool: Warren's channels that consume there are replaced, not recovered.
   */
  public void runsHere(Channel channel) {
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
        runGuarded(command);
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
      runGuarded(task);
    }
  }

  /**
   * Runs work that is not taken apart here (the client's runnable as it is, or a block handed over
   * to a pool that refused it): what it throws is logged, never rethrown into the connection's
   * reader, and an interruption it leaves (the client's runnable interrupts its thread when a
   * callback fails) is cleared.
   */
  private static void runGuarded(Runnable work) {
    boolean interruptedBefore = Thread.currentThread().isInterrupted();
    try {
      work.run();
    } catch (Throwable failed) {
      ClientMessages.dispatchCallbackFailed(
          LOG, failed, "a block of callbacks", Thread.currentThread().getName(), failed.toString());
    } finally {
      if (!interruptedBefore && Thread.interrupted()) {
        ClientMessages.dispatchInterruptCleared(LOG, Thread.currentThread().getName());
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static WorkPool<Channel, Runnable> workPool(Runnable clientRunnable) {
    return (WorkPool<Channel, Runnable>) REACH.pool().get(REACH.service().get(clientRunnable));
  }

  /**
   * The client's runnable, the field of it that holds its work service, and that service's field
   * that holds the work pool: members the client does not publish.
   */
  record Reach(Class<?> runnable, VarHandle service, VarHandle pool) {

    /**
     * Looks the members up by name, in the client on the class path.
     *
     * @return them, or {@code null} after a warning (WARREN-230) when one is missing or of another
     *     type
     */
    static Reach find(String runnableName, String serviceField, String poolField) {
      String looking = "class '" + runnableName + "'";
      try {
        Class<?> runnable =
            Class.forName(runnableName, false, ConsumerWorkService.class.getClassLoader());
        looking = "field '" + serviceField + "' of type ConsumerWorkService in " + runnableName;
        VarHandle service =
            MethodHandles.privateLookupIn(runnable, MethodHandles.lookup())
                .findVarHandle(runnable, serviceField, ConsumerWorkService.class);
        looking = "field '" + poolField + "' of type WorkPool in ConsumerWorkService";
        VarHandle pool =
            MethodHandles.privateLookupIn(ConsumerWorkService.class, MethodHandles.lookup())
                .findVarHandle(ConsumerWorkService.class, poolField, WorkPool.class);
        return new Reach(runnable, service, pool);
      } catch (ReflectiveOperationException | RuntimeException notThisClient) {
        ClientMessages.clientInternalsMissing(LOG, notThisClient, ClientVersion.VERSION, looking);
        return null;
      }
    }
  }

  /**
   * What the client's runnable does, with a list that is reused: take the next ready channel's
   * block, run it, finish it, and go on while the pool says that channel has more (where the
   * client's runnable hands a new runnable to this executor). Unless {@code anyHere}, a block of an
   * unmarked channel goes to the pool in a list of its own, and the work goes on there. A failure
   * of the pool itself is logged (WARREN-232); unlike the client's runnable, the thread is not
   * interrupted (see the class comment).
   */
  private void runBlocksIn(
      WorkPool<Channel, Runnable> pool, List<Runnable> block, boolean anyHere) {
    try {
      boolean more = true;
      while (more) {
        Channel key = pool.nextWorkBlock(block, BLOCK_SIZE);
        if (key == null) {
          return;
        }
        if (!anyHere && !here.contains(key)) {
          List<Runnable> own = new ArrayList<>(block);
          block.clear();
          handOver(() -> runElsewhere(pool, key, own));
          return;
        }
        runBlock(key, block); // throws nothing: the block is always finished
        more = pool.finishWorkBlock(key);
      }
    } catch (RuntimeException | Error poolFailed) {
      poolFailed(poolFailed);
    }
  }

  /** An unmarked channel's block, on the pool; then, there, whatever the work pool has ready. */
  private void runElsewhere(WorkPool<Channel, Runnable> pool, Channel key, List<Runnable> own) {
    runBlock(key, own);
    boolean more;
    try {
      more = pool.finishWorkBlock(key);
    } catch (RuntimeException | Error poolFailed) {
      poolFailed(poolFailed);
      return;
    }
    if (more) {
      List<Runnable> block = BLOCKS.get();
      runBlocks(pool, block == null ? new ArrayList<>() : block, true);
    }
  }

  private static void poolFailed(Throwable failure) {
    ClientMessages.dispatchPoolFailed(
        LOG, failure, Thread.currentThread().getName(), failure.toString());
  }

  /**
   * Runs a block's callbacks of channel {@code key} in order, then empties the list. One that
   * throws (anything: the client's exception handler has already seen what a consumer's callback
   * threw) is logged (WARREN-231), and the others still run: the client's runnable would skip them,
   * and a skipped delivery would stay unacknowledged, unhandled, until its channel closes.
   */
  private static void runBlock(Channel key, List<Runnable> block) {
    try {
      for (int i = 0; i < block.size(); i++) {
        try {
          block.get(i).run();
        } catch (Throwable callbackFailed) {
          ClientMessages.dispatchCallbackFailed(
              LOG,
              callbackFailed,
              String.valueOf(key),
              Thread.currentThread().getName(),
              callbackFailed.toString());
        }
      }
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
