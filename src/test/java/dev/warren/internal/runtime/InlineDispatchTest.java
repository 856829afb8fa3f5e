package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownListener;
import com.rabbitmq.client.impl.ConsumerWorkService;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client's consumer work, run by the client's own work service with {@link InlineDispatch} as
 * its executor: on a consumers' connection every callback on the thread that adds it, in order,
 * whatever it adds in turn; on the application's connection only those of the channels Warren
 * marks, the others on the pool.
 */
class InlineDispatchTest {

  private final ConsumerWorkService work =
      new ConsumerWorkService(InlineDispatch.EVERYTHING, Executors.defaultThreadFactory(), 1_000);
  private final List<String> ran = new CopyOnWriteArrayList<>();
  private final List<ShutdownListener> closes = new CopyOnWriteArrayList<>();
  private final ExecutorService pool =
      Executors.newSingleThreadExecutor(task -> new Thread(task, "elsewhere"));
  private final InlineDispatch applicationDispatch = InlineDispatch.onlyFor(pool);

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
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
