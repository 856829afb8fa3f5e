package dev.warren.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import dev.warren.Outcome;
import dev.warren.Warren;
import dev.warren.test.app.Forwarder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The kit with the broker (-Dwarren.it.broker.port, default 5672): sends really go out. */
class WithBrokerTest {

  @RegisterExtension
  static final WarrenTestKit kit =
      WarrenTestKit.withBroker(Forwarder.class)
          .config(
              "warren.uri",
              "amqp://guest:guest@127.0.0.1:" + Integer.getInteger("warren.it.broker.port", 5672))
          .config("warren.declare-topology", "true");

  @AfterAll
  static void deleteQueues() throws Exception {
    try (Channel channel = kit.bean(Connection.class, Warren.Literal.INSTANCE).createChannel()) {
      channel.queueDelete(Forwarder.IN);
      channel.queueDelete(Forwarder.OUT);
    }
  }

  @Test
  void whatTheHandlerPublishesReachesTheBrokerAndTheDeliveryIsAcked() throws Exception {
    try (Channel channel = kit.bean(Connection.class, Warren.Literal.INSTANCE).createChannel()) {
      channel.queueDeclare(Forwarder.OUT, true, false, false, null);
      channel.queuePurge(Forwarder.OUT);

      Delivered d = kit.deliver(Forwarder.IN, TestMessage.payload("hello"));

      assertThat(d.outcome()).isEqualTo(Outcome.ack());
      assertThat(d.frames()).containsExactly(new Frame.Ack());
      GetResponse forwarded = channel.basicGet(Forwarder.OUT, true);
      assertThat(forwarded).isNotNull();
      assertThat(new String(forwarded.getBody(), StandardCharsets.UTF_8))
          .isEqualTo("forwarded:hello");
      assertThat(d.published()).isEmpty();
    }
  }

  @Test
  void nothingIsRecordedWithTheBroker() {
    assertThatThrownBy(kit::published)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("goes to the broker");
  }
}
