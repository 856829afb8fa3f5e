package dev.warren.internal.publish;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Return;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What makes two messages the same for a {@code basic.return}. */
class ReturnKeyTest {

  private static final AMQP.BasicProperties NONE = new AMQP.BasicProperties();

  private static ReturnKey key(String exchange, String routingKey, byte[] body) {
    return ReturnKey.of(exchange, routingKey, NONE, body);
  }

  @Test
  void aReturnedCopyOfTheBodyHasTheKeyOfTheMessageSent() {
    byte[] body = new byte[5000];
    Arrays.fill(body, (byte) 7);
    ReturnKey sent = key("ex", "rk", body);
    ReturnKey back = ReturnKey.of(new Return(312, "NO_ROUTE", "ex", "rk", NONE, body.clone()));
    assertThat(back).isEqualTo(sent).hasSameHashCodeAs(sent);
  }

  @Test
  void differentExchangeRoutingKeyOrIdsMakeDifferentKeys() {
    byte[] body = {1, 2, 3};
    ReturnKey sent = key("ex", "rk", body);
    assertThat(key("ex2", "rk", body)).isNotEqualTo(sent);
    assertThat(key("ex", "rk2", body)).isNotEqualTo(sent);
    assertThat(
            ReturnKey.of(
                "ex", "rk", new AMQP.BasicProperties.Builder().messageId("1").build(), body))
        .isNotEqualTo(sent);
    assertThat(
            ReturnKey.of(
                "ex", "rk", new AMQP.BasicProperties.Builder().correlationId("1").build(), body))
        .isNotEqualTo(sent);
  }

  @Test
  void bodiesThatDifferAnywhereMakeDifferentKeysEvenPastTheHashedPart() {
    for (int size : new int[] {0, 1, 7, 8, 9, 1024, ReturnKey.HASHED_BYTES + 100}) {
      byte[] body = new byte[size];
      ReturnKey sent = key("ex", "rk", body);
      for (int at = 0; at < size; at += Math.max(1, size / 7)) {
        byte[] other = body.clone();
        other[at] = 1;
        assertThat(key("ex", "rk", other)).as("size %d, byte %d", size, at).isNotEqualTo(sent);
      }
      assertThat(key("ex", "rk", new byte[size + 1])).isNotEqualTo(sent);
    }
  }

  @Test
  void theHashSeesEveryEightByteWordOfTheHashedPart() {
    byte[] body = new byte[1024];
    int base = key("ex", "rk", body).hashCode();
    for (int at = 0; at < body.length; at += 8) {
      byte[] other = body.clone();
      other[at + 3] = 1;
      assertThat(key("ex", "rk", other).hashCode()).as("byte %d", at + 3).isNotEqualTo(base);
    }
  }
}
