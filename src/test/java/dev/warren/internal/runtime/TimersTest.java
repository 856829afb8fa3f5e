package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An answered request's timeout leaves the timer at once, with everything it refers to. */
class TimersTest {

  @Test
  void aCancelledTimeoutLeavesTheTimersQueueAtOnce() {
    ScheduledExecutorService timer = Timers.single(Executors.defaultThreadFactory());
    try {
      List<ScheduledFuture<?>> timeouts = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        byte[] reply = new byte[1024]; // what a timeout task would keep alive
        timeouts.add(timer.schedule(() -> reply.length, 30, TimeUnit.SECONDS));
      }
      assertThat(((ScheduledThreadPoolExecutor) timer).getQueue()).hasSize(1000);

      timeouts.forEach(t -> t.cancel(false));

      assertThat(((ScheduledThreadPoolExecutor) timer).getQueue()).isEmpty();
    } finally {
      timer.shutdownNow();
    }
  }
}
