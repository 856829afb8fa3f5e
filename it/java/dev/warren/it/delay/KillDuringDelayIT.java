package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.it.support.Broker;
import dev.warren.it.support.ChildJvm;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A service killed with SIGKILL while an in-process delay holds a delivery loses nothing: the
 * broker redelivers the held original, and the restarted service handles it.
 */
class KillDuringDelayIT {

  Process child;

  @BeforeEach
  void prepare() {
    Broker.get().queue(DelayService.QUEUE);
  }

  @AfterEach
  void cleanUp() {
    if (child != null) {
      child.destroyForcibly();
    }
    Broker.get().cleanUp();
  }

  /** Starts {@link DelayService} in a JVM of its own; its stdout lines are collected. */
  private static Process start(String mode, List<String> lines) throws IOException {
    return ChildJvm.start(DelayService.class, List.of(), List.of(mode), lines);
  }

  @Test
  void aKilledServiceLosesNothingItHeldForADelay() throws Exception {
    Broker.get().publish(DelayService.QUEUE, "precious");
    List<String> first = new CopyOnWriteArrayList<>();
    child = start("hold", first);
    await().atMost(Duration.ofSeconds(60)).until(() -> first.contains("HOLDING precious"));
    assertThat(Broker.get().ready(DelayService.QUEUE)).isZero(); // held unacked by the service

    child.destroyForcibly(); // SIGKILL: no shutdown hook, no graceful close
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    await().atMost(Duration.ofSeconds(30)).until(() -> Broker.get().ready(DelayService.QUEUE) == 1);

    List<String> second = new CopyOnWriteArrayList<>();
    child = start("ack", second);
    assertThat(child.waitFor(60, TimeUnit.SECONDS))
        .as("restarted service output: %s", second)
        .isTrue();
    assertThat(second).contains("HANDLED precious redelivered=true");
    assertThat(child.exitValue()).isZero();
    assertThat(Broker.get().ready(DelayService.QUEUE)).isZero();
  }
}
