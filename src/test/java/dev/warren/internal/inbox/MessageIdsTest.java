package dev.warren.internal.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delivery;
import dev.warren.internal.config.InboxSettings.MissingId;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MessageIdsTest {

  private static Delivery delivery(String messageId, String body) {
    return (Delivery)
        Proxy.newProxyInstance(
            Delivery.class.getClassLoader(),
            new Class<?>[] {Delivery.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "messageId" -> Optional.ofNullable(messageId);
                  case "body" -> body.getBytes(StandardCharsets.UTF_8);
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  @Test
  void theMessageIdIsTheId() {
    assertThat(MessageIds.of(delivery("order-1", "{}"), MissingId.REFUSE)).isEqualTo("order-1");
    assertThat(MessageIds.of(delivery("order-1", "{}"), MissingId.BODY)).isEqualTo("order-1");
  }

  @Test
  void withoutMessageIdRefuseGivesNoneAndBodyTheSha256OfTheBody() {
    assertThat(MessageIds.of(delivery(null, "abc"), MissingId.REFUSE)).isNull();
    assertThat(MessageIds.of(delivery("", "abc"), MissingId.REFUSE)).isNull();
    assertThat(MessageIds.of(delivery(null, "abc"), MissingId.BODY))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void anIdLongerThanTheColumnIsRecordedByItsSha256() {
    String id = "x".repeat(256);

    assertThat(MessageIds.of(delivery(id, "{}"), MissingId.REFUSE))
        .hasSize(64)
        .isEqualTo(MessageIds.sha256(id.getBytes(StandardCharsets.UTF_8)));
    assertThat(MessageIds.of(delivery("y".repeat(255), "{}"), MissingId.REFUSE))
        .isEqualTo("y".repeat(255));
  }
}
