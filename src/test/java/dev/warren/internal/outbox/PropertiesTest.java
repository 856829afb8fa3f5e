package dev.warren.internal.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PropertiesTest {

  @Test
  void everyPropertyComesBackAsWrittenWithTheRowsMessageId() {
    AMQP.BasicProperties written =
        new AMQP.BasicProperties.Builder()
            .messageId("left-out")
            .contentType("application/json")
            .contentEncoding("UTF-8")
            .headers(Map.of("tenant", "acme", "count", 3, "tags", List.of("a", "b")))
            .deliveryMode(2)
            .priority(4)
            .correlationId("c-1")
            .replyTo("replies")
            .expiration("60000")
            .timestamp(new Date(1_700_000_000_000L))
            .type("OrderPlaced")
            .userId("guest")
            .appId("orders")
            .clusterId("c")
            .build();

    AMQP.BasicProperties read = Properties.read(Properties.write(written), "m-1");

    assertThat(read.getMessageId()).isEqualTo("m-1");
    assertThat(read.getContentType()).isEqualTo("application/json");
    assertThat(read.getContentEncoding()).isEqualTo("UTF-8");
    assertThat(read.getHeaders().get("tenant")).hasToString("acme");
    assertThat(read.getHeaders().get("count")).isEqualTo(3);
    assertThat((List<?>) read.getHeaders().get("tags"))
        .extracting(Object::toString)
        .containsExactly("a", "b");
    assertThat(read.getDeliveryMode()).isEqualTo(2);
    assertThat(read.getPriority()).isEqualTo(4);
    assertThat(read.getCorrelationId()).isEqualTo("c-1");
    assertThat(read.getReplyTo()).isEqualTo("replies");
    assertThat(read.getExpiration()).isEqualTo("60000");
    // AMQP timestamps are whole seconds
    assertThat(read.getTimestamp()).isEqualTo(new Date(1_700_000_000_000L));
    assertThat(read.getType()).isEqualTo("OrderPlaced");
    assertThat(read.getUserId()).isEqualTo("guest");
    assertThat(read.getAppId()).isEqualTo("orders");
    assertThat(read.getClusterId()).isEqualTo("c");
  }

  @Test
  void propertiesNotSetStayUnset() {
    AMQP.BasicProperties read =
        Properties.read(
            Properties.write(new AMQP.BasicProperties.Builder().deliveryMode(1).build()), "m-2");

    assertThat(read.getDeliveryMode()).isEqualTo(1);
    assertThat(read.getHeaders()).isNull();
    assertThat(read.getContentType()).isNull();
    assertThat(read.getTimestamp()).isNull();
  }

  @Test
  void bytesThatAreNoFieldTableAreRefused() {
    assertThatThrownBy(() -> Properties.read(new byte[] {0, 0, 0, 9, 1}, "m"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aHeaderValueAmqpCannotCarryIsRefusedWhenWritten() {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder().headers(Map.of("odd", new Object())).build();

    assertThatThrownBy(() -> Properties.write(properties))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
