package dev.warren.internal.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.internal.invocation.BatchOutcomes.Aligned;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SPEC section 7: what a batch method returned, lined up with its deliveries. */
class BatchOutcomesTest {

  @Test
  void oneOutcomeSettlesEveryDeliveryTheSame() {
    Aligned aligned = BatchOutcomes.each(Outcome.retry(), 3);

    assertThat(aligned.outcomes())
        .containsExactly(Outcome.retry(), Outcome.retry(), Outcome.retry());
    assertThat(aligned.mismatch()).isFalse();
  }

  @Test
  void elementIOfAListSettlesDeliveryI() {
    Aligned aligned =
        BatchOutcomes.align(List.of(Outcome.ack(), Outcome.drop(), Outcome.retry()), 3);

    assertThat(aligned.outcomes()).containsExactly(Outcome.ack(), Outcome.drop(), Outcome.retry());
    assertThat(aligned.mismatch()).isFalse();
  }

  @Test
  void aShortListRetriesTheRest() {
    Aligned aligned = BatchOutcomes.align(List.of(Outcome.ack(), Outcome.drop()), 4);

    assertThat(aligned.outcomes())
        .containsExactly(Outcome.ack(), Outcome.drop(), Outcome.retry(), Outcome.retry());
    assertThat(aligned.mismatch()).isTrue();
  }

  @Test
  void aLongListSettlesEachDeliveryAndIgnoresTheExtraOutcomes() {
    Aligned aligned = BatchOutcomes.align(List.of(Outcome.drop(), Outcome.ack(), Outcome.ack()), 2);

    assertThat(aligned.outcomes()).containsExactly(Outcome.drop(), Outcome.ack());
    assertThat(aligned.mismatch()).isTrue();
  }

  @Test
  void anEmptyListRetriesEverything() {
    Aligned aligned = BatchOutcomes.align(List.of(), 2);

    assertThat(aligned.outcomes()).containsExactly(Outcome.retry(), Outcome.retry());
    assertThat(aligned.mismatch()).isTrue();
  }

  @Test
  void aNullElementGivesNoOutcomeForItsDeliveryOnly() {
    Aligned aligned = BatchOutcomes.align(Arrays.asList(Outcome.ack(), null, Outcome.drop()), 3);

    assertThat(aligned.outcomes()).containsExactly(Outcome.ack(), null, Outcome.drop());
    assertThat(aligned.mismatch()).isFalse();
  }

  @Test
  void aDelayIsKeptPerElement() {
    Outcome later = Outcome.retryAfter(java.time.Duration.ofSeconds(5));
    Aligned aligned = BatchOutcomes.align(List.of(later, Outcome.ack()), 2);

    assertThat(aligned.outcomes()).containsExactly(later, Outcome.ack());
  }
}
