package dev.warren.internal.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The quorum queue's own back-off: its arguments, and how long the broker holds a reject. */
class DelayedRetryTest {

  private static final DelayedRetry MEASURED = new DelayedRetry("all", 1000, 4000, "test");

  @Test
  void theHoldIsMinTimesTheDeliveryCountTheRejectGivesCappedAtMaxAsMeasuredOn436() {
    // measured on RabbitMQ 4.3.6 with all/1000/4000 and six rejects: 1004, 2005, 3005, 4004,
    // 4003, 4003 ms; a first delivery carries no count header
    Map<String, Object> headers = new HashMap<>();
    assertThat(MEASURED.holdAfterReject(headers)).isEqualTo(Duration.ofMillis(1000));
    long[] expected = {2000, 3000, 4000, 4000, 4000};
    for (int count = 1; count <= 5; count++) {
      headers.put(Attempts.DELIVERY_COUNT, (long) count);
      assertThat(MEASURED.holdAfterReject(headers))
          .as("after delivery count %d", count)
          .isEqualTo(Duration.ofMillis(expected[count - 1]));
    }
    assertThat(MEASURED.holdAfterReject(null)).isEqualTo(Duration.ofMillis(1000));
  }

  @Test
  void aHugeDeliveryCountHoldsForMaxWithoutOverflow() {
    DelayedRetry wide = new DelayedRetry("failed", Integer.MAX_VALUE, Integer.MAX_VALUE, "test");
    assertThat(wide.holdAfterReject(Map.of(Attempts.DELIVERY_COUNT, Long.MAX_VALUE)))
        .isEqualTo(Duration.ofMillis(Integer.MAX_VALUE));
  }

  @Test
  void onlyFailedAndAllHoldWarrensRejects() {
    assertThat(MEASURED.delaysRejects()).isTrue();
    assertThat(new DelayedRetry("failed", 1, 1, "test").delaysRejects()).isTrue();
    assertThat(new DelayedRetry("disabled", 0, 0, "test").delaysRejects()).isFalse();
    assertThat(new DelayedRetry("disabled", 0, 0, "test").holdAfterReject(Map.of()))
        .isEqualTo(Duration.ZERO);
    assertThat(DelayedRetry.NONE.declared()).isFalse();
  }

  @Test
  void theArgumentsAreTheTypeAndNumbersInMs() {
    assertThat(new DelayedRetry("failed", 500, 1500, "test").arguments())
        .isEqualTo(
            Map.of(
                DelayedRetry.TYPE_ARGUMENT, "failed",
                DelayedRetry.MIN_ARGUMENT, 500L,
                DelayedRetry.MAX_ARGUMENT, 1500L));
    assertThat(new DelayedRetry("disabled", 0, 0, "test").arguments())
        .containsOnlyKeys(List.of(DelayedRetry.TYPE_ARGUMENT));
    assertThat(DelayedRetry.NONE.arguments()).isEmpty();
  }
}
