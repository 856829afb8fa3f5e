package dev.warren.internal.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** When the dispatcher may go on at once with a call's result, and when it has to wait. */
class HandledNowTest {

  private static final Handled ACKED = new Handled(Outcome.ack(), null);

  @Test
  void aFutureCompletedNormallyIsReadAtOnce() {
    assertThat(Handled.now(CompletableFuture.completedFuture(ACKED))).isSameAs(ACKED);
  }

  @Test
  void aFutureStillRunningOrFailedIsLeftToItsContinuation() {
    assertThat(Handled.now(new CompletableFuture<>())).isNull();
    assertThat(Handled.now(CompletableFuture.failedFuture(new AssertionError("fatal")))).isNull();
  }

  @Test
  void aMinimalStageIsNotAskedSinceItRefusesToSay() {
    assertThat(Handled.now(CompletableFuture.completedStage(ACKED))).isNull();
  }
}
