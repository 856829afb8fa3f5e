package dev.warren.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import dev.warren.Warren;
import dev.warren.test.app.Forwarder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The kit with the broker (-Dwarren.it.broker.port, default 5672): the message goes through the
 * consumer's queue, and the frames are those Warren sent on the wire.
 */
class WithBrokerTest {

  static final String REPLIES = "warren.test-kit.replies";

  @RegisterExtension
  static final WarrenTestKit kit =
      WarrenTestKit.withBroker(Forwarder.class)
          .config(
              "warren.uri",
              "amqp://guest:guest@127.0.0.1:" + Integer.getInteger("warren.it.broker.port", 5672))
          .config("warren.declare-topology", "true");

  private static Channel channel() throws Exception {
    return kit.bean(Connection.class, Warren.Literal.INSTANCE).createChannel();
  }

  @AfterAll
  static void deleteQueues() throws Exception {
    try (Channel channel = channel()) {
      for (String queue :
          new String[] {
            Forwarder.IN,
            Forwarder.OUT,
            Forwarder.RETRY,
            Forwarder.RETRY_DLQ,
            Forwarder.ECHO,
            REPLIES
          }) {
        channel.queueDelete(queue);
      }
    }
  }

  @Test
  void whatTheHandlerPublishesReachesTheBrokerAndTheDeliveryIsAcked() throws Exception {
    try (Channel channel = channel()) {
      channel.queueDeclare(Forwarder.OUT, true, false, false, null);
      channel.queuePurge(Forwarder.OUT);

      Delivered d = kit.deliver(Forwarder.IN, TestMessage.payload("hello"));

      assertThat(d.frames()).containsExactly(new Frame.Ack());
      GetResponse forwarded = channel.basicGet(Forwarder.OUT, true);
      assertThat(forwarded).isNotNull();
      assertThat(new String(forwarded.getBody(), StandardCharsets.UTF_8))
          .isEqualTo("forwarded:hello");
    }
  }

  @Test
  void aRetryIsACopyOnTheWireThenTheRejectAndAtTheCapTheDeadLetter() {
    Delivered first = kit.deliver(Forwarder.RETRY, TestMessage.payload("again"));

    assertThat(first.frames()).hasSize(2);
    Frame.Publish copy = (Frame.Publish) first.frames().get(0);
    assertThat(copy.exchange()).isEmpty();
    assertThat(copy.routingKey()).isEqualTo(Forwarder.RETRY);
    assertThat(copy.headers()).containsEntry("x-warren-retry-count", 1L);
    assertThat(new String(copy.body(), StandardCharsets.UTF_8)).isEqualTo("again");
    assertThat(first.frames().get(1)).isEqualTo(new Frame.Reject(false));

    Delivered last = kit.deliver(Forwarder.RETRY, TestMessage.payload("last").attempt(2));

    Frame.Publish dead = (Frame.Publish) last.frames().get(0);
    assertThat(dead.routingKey()).isEqualTo(Forwarder.RETRY_DLQ);
    assertThat(dead.headers()).containsEntry("x-warren-death-reason", "max-attempts");
    assertThat(last.frames().get(1)).isEqualTo(new Frame.Reject(false));
  }

  @Test
  void aResponderRepliesOnTheWireThenAcks() throws Exception {
    try (Channel channel = channel()) {
      channel.queueDeclare(REPLIES, false, false, false, null);

      Delivered d =
          kit.deliver(
              Forwarder.ECHO, TestMessage.payload("hi").replyTo(REPLIES).correlationId("c-9"));

      assertThat(d.replyText()).hasValue("echo:hi");
      assertThat(d.reply().orElseThrow().correlationId()).isEqualTo("c-9");
      assertThat(d.frames()).containsExactly(d.reply().orElseThrow(), new Frame.Ack());
    }
  }

  @Test
  void nothingIsRecordedWithTheBroker() {
    assertThatThrownBy(kit::published)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("goes to the broker");
  }
}
