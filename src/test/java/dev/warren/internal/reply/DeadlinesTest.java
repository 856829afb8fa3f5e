package dev.warren.internal.reply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Request timeouts in lanes, one timer task per distinct timeout. */
class DeadlinesTest {

  private static final Duration SHORT = Duration.ofMillis(80);

  private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
  private final List<Request> expired = new CopyOnWriteArrayList<>();
  private final Deadlines<Request> deadlines =
      new Deadlines<>(
          timer,
          request -> {
            request.expiredAt = System.nanoTime();
            expired.add(request);
          });

  @AfterEach
  void stopTimer() {
    timer.shutdownNow();
  }

  @Test
  void requestsWithOneTimeoutExpireInTheOrderTheyWereAddedAndNotBeforeTheirTime() {
    Request first = new Request();
    Request second = new Request();
    deadlines.add(first, SHORT);
    deadlines.add(second, SHORT);
    assertThat(deadlines.size()).isEqualTo(2);

    await().atMost(Duration.ofSeconds(5)).until(() -> expired.size() == 2);
    assertThat(expired).containsExactly(first, second);
    assertThat(second.waited()).isGreaterThanOrEqualTo(SHORT);
    assertThat(deadlines.size()).isZero();
    assertThat(deadlines.remove(first)).isFalse(); // expired: no longer waiting
  }

  @Test
  void aRemovedRequestNeverExpiresAndTheNextOneExpiresAtItsOwnTime() throws Exception {
    Request answered = new Request();
    deadlines.add(answered, SHORT);
    Thread.sleep(SHORT.toMillis() / 2); // the next one is due well after the lane's task first runs
    Request later = new Request();
    deadlines.add(later, SHORT);
    assertThat(deadlines.remove(answered)).isTrue();
    assertThat(deadlines.remove(answered)).isFalse();

    await().atMost(Duration.ofSeconds(5)).until(() -> !expired.isEmpty());
    assertThat(later.waited()).isGreaterThanOrEqualTo(SHORT);
    Thread.sleep(SHORT.toMillis()); // long enough for a wrong expiry of the removed one to show
    assertThat(expired).containsExactly(later);
  }

  @Test
  void eachTimeoutHasItsOwnLaneAndALaneThatRunsEmptyIsDropped() {
    Request patient = new Request();
    Request hasty = new Request();
    deadlines.add(patient, Duration.ofMinutes(10));
    deadlines.add(hasty, SHORT);
    assertThat(deadlines.lanes()).isEqualTo(2);

    await().atMost(Duration.ofSeconds(5)).until(() -> deadlines.lanes() == 1);
    assertThat(expired).containsExactly(hasty);
    assertThat(deadlines.size()).isEqualTo(1);
    assertThat(deadlines.remove(patient)).isTrue();
  }

  @Test
  void aRequestWaitsInOneLaneAtATime() {
    Request request = new Request();
    deadlines.add(request, SHORT);
    assertThatThrownBy(() -> deadlines.add(request, SHORT))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aTimeoutBeyondNanoTimesRangeIsAcceptedAndWaits() {
    Request request = new Request();
    deadlines.add(request, Duration.ofSeconds(Long.MAX_VALUE));
    assertThat(deadlines.size()).isEqualTo(1);
    assertThat(deadlines.remove(request)).isTrue();
  }

  @Test
  void aTimerThatRefusesTasksWhileShuttingDownLeavesTheRequestWaitingForItsChannelToFailIt() {
    timer.shutdownNow();
    Request request = new Request();
    deadlines.add(request, SHORT);
    assertThat(deadlines.size()).isEqualTo(1);
    assertThat(deadlines.remove(request)).isTrue();
  }

  private final class Request extends Deadlines.Entry {
    private final long added = System.nanoTime();
    private volatile long expiredAt;

    /** From being added to being expired. */
    Duration waited() {
      assertThat(expired).contains(this);
      return Duration.ofNanos(expiredAt - added);
    }
  }
}
