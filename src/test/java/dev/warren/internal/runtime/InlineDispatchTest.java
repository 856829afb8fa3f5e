package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.impl.ConsumerWorkService;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The client's consumer work, run by the client's own work service with {@link InlineDispatch} as
 * its executor (as on a consumers' connection): every callback on the thread that adds it, in
 * order, whatever it adds in turn.
 */
class InlineDispatchTest {

  private final ConsumerWorkService work =
      new ConsumerWorkService(InlineDispatch.INSTANCE, Executors.defaultThreadFactory(), 1_000);
  private final List<String> ran = new CopyOnWriteArrayList<>();

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

  /** A channel as the work pool's key: only its identity counts. */
  private static Channel channel(int number) {
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "toString" -> "channel " + number;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
