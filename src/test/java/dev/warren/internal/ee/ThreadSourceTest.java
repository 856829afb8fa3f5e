package dev.warren.internal.ee;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.Test;

class ThreadSourceTest {

  @Test
  void plainThreadsAreNamedDaemons() {
    ThreadFactory factory = ThreadSource.plain().named("warren-orders");

    Thread first = factory.newThread(() -> {});
    Thread second = factory.newThread(() -> {});

    assertThat(first.getName()).isEqualTo("warren-orders-1");
    assertThat(second.getName()).isEqualTo("warren-orders-2");
    assertThat(first.isDaemon()).isTrue();
    assertThat(ThreadSource.plain().isManaged()).isFalse();
  }

  @Test
  void managedThreadsComeFromTheFactoryAndRunEverythingInTheCapturedContext() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    ThreadFactory server =
        task -> {
          seen.add("server made a thread");
          return new Thread(task, "server-thread");
        };
    Executor context =
        task -> {
          seen.add("context on");
          task.run();
          seen.add("context off");
        };

    Thread thread =
        ThreadSource.managed(server, context, "test")
            .named("warren-timer")
            .newThread(() -> seen.add("work"));
    thread.start();
    thread.join();

    assertThat(thread.getName()).isEqualTo("warren-timer-1");
    assertThat(seen).containsExactly("server made a thread", "context on", "work", "context off");
  }

  @Test
  void withoutAContextServiceTheFactorysThreadRunsTheTaskItself() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    Thread thread =
        ThreadSource.managed(Thread::new, null, "test")
            .named("warren-amqp")
            .newThread(() -> seen.add("work"));
    thread.start();
    thread.join();

    assertThat(seen).containsExactly("work");
  }

  @Test
  void aFactoryThatRefusesThreadsRefusesThemToTheCaller() {
    assertThat(ThreadSource.managed(task -> null, null, "test").named("x").newThread(() -> {}))
        .isNull();
  }
}
