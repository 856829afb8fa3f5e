package dev.warren;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.internal.logging.PublishingMessages;
import dev.warren.internal.settlement.DelayLimits;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bad message properties are refused where they are written, with an id and the fix. */
class OutgoingMessageTest {

  @Test
  void aHeaderWithoutValueIsRefusedNamingTheHeader() {
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").header("tenant", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageStartingWith("WARREN-139 header 'tenant'");
    Map<String, Object> headers = new HashMap<>();
    headers.put("region", null);
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").headers(headers))
        .hasMessageStartingWith("WARREN-139 header 'region'");
  }

  @Test
  void aMessageWithoutPayloadIsRefusedNamingWhereItWasGoing() {
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageStartingWith("WARREN-140")
        .hasMessageContaining("exchange 'orders'", "routing key 'eu'");
  }

  @Test
  void aPriorityOutsideZeroTo255IsRefused() {
    for (int priority : new int[] {-1, 256, 1000}) {
      assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").priority(priority))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("WARREN-141 priority " + priority);
    }
    assertThat(OutgoingMessage.to("o", "k").payload("x").priority(0).build().priority()).isZero();
    assertThat(OutgoingMessage.to("o", "k").payload("x").priority(255).build().priority())
        .isEqualTo(255);
  }

  @Test
  void anExpirationTheBrokerWouldRefuseNeverReachesTheWire() {
    // measured on RabbitMQ 3.10.8: 315,360,000,000 ms is accepted, one more, 2^63-1 and -1 are
    // refused with 406 PRECONDITION_FAILED, which closes the shared publishing channel
    Duration longest = Duration.ofMillis(315_360_000_000L);
    for (Duration bad :
        new Duration[] {
          longest.plusMillis(1),
          Duration.ofMillis(Long.MAX_VALUE),
          Duration.ofDays(100_000_000),
          Duration.ofMillis(-1)
        }) {
      assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").expiration(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("WARREN-220 expiration " + bad)
          .hasMessageContaining("315360000000 ms (3650 days)");
    }
    assertThat(OutgoingMessage.to("o", "k").payload("x").expiration(longest).build().expiration())
        .isEqualTo(longest);
    // 2^32 ms, which some take for the limit, is accepted by the broker
    assertThat(OutgoingMessage.to("o", "k").payload("x").expiration(Duration.ofMillis(1L << 32)))
        .isNotNull();
    assertThat(OutgoingMessage.to("o", "k").payload("x").expiration(Duration.ZERO)).isNotNull();
  }

  @Test
  void theLongestExpirationIsTheLongestDelayAWaitQueueHolds() {
    assertThat(OutgoingMessage.to("o", "k").expiration(DelayLimits.DLX_TTL)).isNotNull();
    assertThatThrownBy(
            () -> OutgoingMessage.to("o", "k").expiration(DelayLimits.DLX_TTL.plusMillis(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** The public API keeps its own copies of these texts; they stay the catalogue's entries. */
  @Test
  void theTextsAreTheCataloguesEntries() {
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").header("tenant", null))
        .hasMessage(PublishingMessages.nullHeader("tenant"));
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").build())
        .hasMessage(PublishingMessages.messageWithoutPayload("orders", "eu"));
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").priority(256))
        .hasMessage(PublishingMessages.priorityOutOfRange(256));
    Duration tooLong = DelayLimits.DLX_TTL.plusMillis(1);
    assertThatThrownBy(() -> OutgoingMessage.to("orders", "eu").expiration(tooLong))
        .hasMessage(PublishingMessages.expirationOutOfRange(tooLong, DelayLimits.DLX_TTL));
  }
}
