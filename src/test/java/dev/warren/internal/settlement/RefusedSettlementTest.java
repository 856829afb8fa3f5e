package dev.warren.internal.settlement;

import static dev.warren.internal.settlement.SettlementTest.USER_HEADERS;
import static dev.warren.internal.settlement.SettlementTest.policy;
import static dev.warren.internal.settlement.SettlementTest.uncapped;
import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delay;
import dev.warren.QueueType;
import org.junit.jupiter.api.Test;

/** A delivery refused before its method ran goes to the dead letter queue at once, never back. */
class RefusedSettlementTest {

  private static final RuntimeException WHY = new IllegalStateException("WARREN-327 no id");

  @Test
  void aRefusedDeliveryOfAClassicConsumerIsCopiedToTheDeadLetterQueueThenRejected() {
    Action action =
        Settlement.refused(
            USER_HEADERS, WHY, policy(QueueType.CLASSIC, 3, "orders.dlq", Delay.NONE, ""));

    assertThat(action).isInstanceOf(Action.Copy.class);
    Action.Copy copy = (Action.Copy) action;
    assertThat(copy.exchange()).isEmpty();
    assertThat(copy.routingKey()).isEqualTo("orders.dlq");
    assertThat(copy.ackOriginal()).isFalse();
    assertThat(copy.reason()).isEqualTo(Action.Reason.DEAD_LETTER);
    assertThat(copy.headers())
        .containsEntry("tenant", "acme")
        .containsEntry(Settlement.DEATH_REASON_HEADER, "refused")
        .containsEntry(Settlement.ORIGIN_QUEUE_HEADER, "orders")
        .containsEntry(
            Settlement.EXCEPTION_HEADER, "java.lang.IllegalStateException: WARREN-327 no id");
  }

  @Test
  void aRefusedDeliveryOfAQuorumConsumerIsCopiedThenAckedSoTheQueueDoesNotDeadLetterItAgain() {
    Action.Copy copy =
        (Action.Copy)
            Settlement.refused(
                USER_HEADERS, WHY, policy(QueueType.QUORUM, 3, "orders.dlq", Delay.NONE, ""));

    assertThat(copy.routingKey()).isEqualTo("orders.dlq");
    assertThat(copy.ackOriginal()).isTrue();
  }

  @Test
  void withoutDeadLetterQueueARefusedDeliveryIsRejectedWithoutRequeue() {
    assertThat(Settlement.refused(USER_HEADERS, WHY, uncapped(QueueType.CLASSIC)))
        .isEqualTo(new Action.Reject(false, Action.Reason.DROP));
  }
}
