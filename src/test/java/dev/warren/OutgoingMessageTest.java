package dev.warren;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
