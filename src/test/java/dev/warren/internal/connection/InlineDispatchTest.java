package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownListener;
import com.rabbitmq.client.impl.ConsumerWorkService;
import com.rabbitmq.client.impl.WorkPool;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client's consumer work, run by the client's own work service with {@link InlineDispatch} as
 * its executor: on a consumers' connection every callback on the thread that adds it, in order,
 * whatever it adds in turn; on the application's connection only those of the channels Warren
 * marks, the others on the pool. Whatever a callback throws, the channel's later work still runs
 * and the thread (the connection's reader, in production) is never left interrupted. The client's
 * members it reaches are pinned here, so that a client upgrade fails a test.
 */
class InlineDispatchTest {

  private final ConsumerWorkService work =
      new ConsumerWorkService(InlineDispatch.EVERYTHING, Executors.defaultThreadFactory(), 1_000);
  private final List<String> ran = new CopyOnWriteArrayList<>();
  private final List<ShutdownListener> closes = new CopyOnWriteArrayList<>();
  private final ExecutorService pool =
      Executors.newSingleThreadExecutor(task -> new Thread(task, "elsewhere"));
  private final InlineDispatch applicationDispatch = InlineDispatch.onlyFor(pool);

  private final Logger log = Logger.getLogger(InlineDispatch.class.getName());
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void captureLog() {
    log.addHandler(capture);
  }

  @AfterEach
  void stopPool() {
    log.removeHandler(capture);
    pool.shutdownNow();
    Thread.interrupted(); // a failing test must not leave the next one interrupted
  }

  @Test
  void theClientsPrivateMembersItReadsExistWithTheExpectedTypes() throws Exception {
    // fails loudly when an amqp-client upgrade renames, retypes or removes them
    Class<?> runnable = Class.forName(InlineDispatch.CLIENT_RUNNABLE_NAME);
    assertThat(Runnable.class).isAssignableFrom(runnable);
    Field service = runnable.getDeclaredField(InlineDispatch.WORK_SERVICE_FIELD);
    assertThat(service.getType()).isEqualTo(ConsumerWorkService.class);
    assertThat(Modifier.isStatic(service.getModifiers())).isFalse();
    Field pool = ConsumerWorkService.class.getDeclaredField(InlineDispatch.WORK_POOL_FIELD);
    assertThat(pool.getType()).isEqualTo(WorkPool.class);
    assertThat(Modifier.isStatic(pool.getModifiers())).isFalse();
    // the runnable the client hands its executor is still that class
    Recording handed = new Recording();
    ConsumerWorkService recording = new ConsumerWorkService(handed, null, 1_000);
    Channel channel = channel(1);
    recording.registerKey(channel);
    recording.addWork(channel, () -> {});
    assertThat(handed.tasks).singleElement().extracting(Object::getClass).isEqualTo(runnable);
    assertThat(
            InlineDispatch.Reach.find(
                InlineDispatch.CLIENT_RUNNABLE_NAME,
                InlineDispatch.WORK_SERVICE_FIELD,
                InlineDispatch.WORK_POOL_FIELD))
        .isNotNull();
    assertThat(records).isEmpty();
  }

  @Test
  void aMemberMissingAtRunTimeIsAWarningWithItsIdNotSilence() {
    InlineDispatch.Reach reach =
        InlineDispatch.Reach.find(
            InlineDispatch.CLIENT_RUNNABLE_NAME,
            "renamedInANewClient",
            InlineDispatch.WORK_POOL_FIELD);

    assertThat(reach).isNull();
    assertThat(records)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.getLevel()).isEqualTo(Level.WARNING);
              assertThat(r.getMessage())
                  .startsWith("WARREN-230 ")
                  .contains("'renamedInANewClient'", "amqp-client 5.");
            });
  }

  @Test
  void anErrorFromACallbackNeitherEscapesNorStopsTheChannelsLaterWork() {
    Channel channel = channel(1);
    work.registerKey(channel);

    work.addWork(
        channel,
        () -> {
          throw new StackOverflowError("a callback's error");
        });
    work.addWork(channel, () -> ran.add("a later delivery"));

    // the channel's block was finished despite the Error: its later work runs
    assertThat(ran).containsExactly("a later delivery");
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(records)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.getLevel()).isEqualTo(Level.SEVERE);
              assertThat(r.getMessage()).startsWith("WARREN-231 ").contains("channel 1");
              assertThat(r.getThrown()).isInstanceOf(StackOverflowError.class);
            });
  }

  @Test
  void aFailingCallbackLeavesTheThreadUninterruptedAndTheRestOfItsBlockRuns() {
    Channel channel = channel(1);
    work.registerKey(channel);

    work.addWork(
        channel,
        () -> {
          // queued while the channel is in progress: the next block holds both
          work.addWork(
              channel,
              () -> {
                throw new IllegalStateException("a callback's failure");
              });
          work.addWork(channel, () -> ran.add("after the failure, same block"));
        });
    work.addWork(channel, () -> ran.add("a later delivery"));

    assertThat(ran).containsExactly("after the failure, same block", "a later delivery");
    // an interrupted reader thread makes the client drop every later delivery silently
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(records)
        .singleElement()
        .extracting(LogRecord::getMessage)
        .asString()
        .startsWith("WARREN-231 ");
  }

  @Test
  void anInterruptionLeftByTheClientsOwnRunnableIsClearedAndLogged() {
    Channel one = channel(1);
    Channel two = channel(2);
    work.registerKey(one);
    work.registerKey(two);

    work.addWork(
        one,
        () ->
            // another channel's work inside a callback runs the client's runnable as it is, and
            // that runnable interrupts its thread when a callback throws
            work.addWork(
                two,
                () -> {
                  throw new IllegalStateException("a nested callback's failure");
                }));
    work.addWork(two, () -> ran.add("channel 2 later"));

    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(ran).containsExactly("channel 2 later");
    assertThat(records)
        .extracting(LogRecord::getMessage)
        .anySatisfy(m -> assertThat(m).startsWith("WARREN-233 "));
  }

  @Test
  void theClientWarrenShipsWithLetsItTakeTheBlocksItself() {
    // fails when an upgrade of amqp-client renames what InlineDispatch reaches: then every
    // consumed message allocates the client's block list again (about 1 KB), which the benchmark
    // would show; see InlineDispatch's class comment
    assertThat(InlineDispatch.takesBlocksItself()).isTrue();
  }

  @Test
  void eachCallbackRunsAtOnceOnTheThreadThatAddsIt() {
    Channel channel = channel(1);
    work.registerKey(channel);
    String thread = Thread.currentThread().getName();

    for (int i = 1; i <= 3; i++) {
      int n = i;
      work.addWork(
          channel, () -> ran.add("callback " + n + " on " + Thread.currentThread().getName()));
      assertThat(ran).hasSize(n).last().isEqualTo("callback " + n + " on " + thread);
    }
  }

  @Test
  void workACallbackAddsToItsOwnChannelRunsRightAfterIt() {
    Channel channel = channel(1);
    work.registerKey(channel);

    work.addWork(
        channel,
        () -> {
          ran.add("first");
          // the channel is in progress: the pool queues this one and asks for no new runnable
          work.addWork(channel, () -> ran.add("added by the first"));
          ran.add("first done");
        });
    work.addWork(channel, () -> ran.add("second"));

    assertThat(ran).containsExactly("first", "first done", "added by the first", "second");
  }

  @Test
  void workACallbackAddsToAnotherChannelRunsInsideIt() {
    Channel one = channel(1);
    Channel two = channel(2);
    work.registerKey(one);
    work.registerKey(two);

    work.addWork(
        one,
        () -> {
          ran.add("one");
          // a second block while the first is running: the client's runnable runs it as it is
          work.addWork(two, () -> ran.add("two"));
          ran.add("one done");
        });
    work.addWork(one, () -> ran.add("one again"));

    assertThat(ran).containsExactly("one", "two", "one done", "one again");
  }

  @Test
  void onTheApplicationsConnectionOnlyAMarkedChannelsWorkRunsWhereItArrives() throws Exception {
    ConsumerWorkService shared = new ConsumerWorkService(applicationDispatch, null, 1_000);
    Channel warrens = channel(1);
    Channel applications = channel(2);
    shared.registerKey(warrens);
    shared.registerKey(applications);
    applicationDispatch.runsHere(warrens);
    String thread = Thread.currentThread().getName();
    CountDownLatch release = new CountDownLatch(1);

    shared.addWork(
        applications,
        () -> {
          ran.add("application's first on " + Thread.currentThread().getName());
          await(release); // a callback of the application's that blocks
        });
    shared.addWork(applications, () -> ran.add("application's second"));
    shared.addWork(warrens, () -> ran.add("Warren's on " + Thread.currentThread().getName()));

    // Warren's ran at once, here, while the application's first still blocks on the pool
    assertThat(ran).contains("Warren's on " + thread).doesNotContain("application's second");
    release.countDown();
    pool.shutdown();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThat(ran).containsSubsequence("application's first on elsewhere", "application's second");
  }

  @Test
  void aMarkedChannelsWorkGoesToThePoolOnceItCloses() throws Exception {
    ConsumerWorkService shared = new ConsumerWorkService(applicationDispatch, null, 1_000);
    Channel warrens = channel(1);
    shared.registerKey(warrens);
    applicationDispatch.runsHere(warrens);

    closes.forEach(listener -> listener.shutdownCompleted(null));
    shared.addWork(
        warrens, () -> ran.add("after the close on " + Thread.currentThread().getName()));

    pool.shutdown();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThat(ran).containsExactly("after the close on elsewhere");
  }

  /** Keeps what it is handed, runs nothing. */
  private static final class Recording extends AbstractExecutorService {
    final List<Runnable> tasks = new CopyOnWriteArrayList<>();

    @Override
    public void execute(Runnable task) {
      tasks.add(task);
    }

    @Override
    public void shutdown() {}

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

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A channel as the work pool's key (only its identity counts) that keeps its shutdown listeners.
   */
  private Channel channel(int number) {
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "toString" -> "channel " + number;
                  case "addShutdownListener" -> {
                    closes.add((ShutdownListener) args[0]);
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
