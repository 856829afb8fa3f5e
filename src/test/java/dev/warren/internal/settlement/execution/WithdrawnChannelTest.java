package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Envelope;
import dev.warren.internal.settlement.Action;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Once the broker cancelled a subscription nothing more is settled on its channel, though the
 * channel is still open: on RabbitMQ 4.3 an ack there would re-activate the cancelled consumer.
 */
class WithdrawnChannelTest {

  private final List<String> frames = new CopyOnWriteArrayList<>();

  /** An open channel that records the settlement frames sent on it. */
  private Channel openChannel() {
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "isOpen" -> true;
                  case "basicAck", "basicReject" -> {
                    frames.add(method.getName() + " " + args[0]);
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  private static IncomingDelivery delivery(DeliveryChannel on, long tag) {
    return new IncomingDelivery(
        new DeliverySource("orders", "q", null, SettlementListener.TELEMETRY),
        on,
        new Envelope(tag, false, "", "q"),
        new AMQP.BasicProperties(),
        new byte[0],
        1);
  }

  @Test
  void afterTheBrokersCancelNoAckOrRejectGoesOutOnTheStillOpenChannel() {
    DeliveryChannel on = new DeliveryChannel(openChannel());
    IncomingDelivery before = delivery(on, 1);
    IncomingDelivery acked = delivery(on, 2);
    IncomingDelivery requeued = delivery(on, 3);

    assertThat(before.settle(Action.ACK)).isTrue();
    on.withdraw();

    assertThat(on.channel().isOpen()).isTrue();
    assertThat(acked.channelOpen()).isFalse();
    assertThat(acked.settle(Action.ACK)).isFalse();
    assertThat(requeued.requeueUnlessSettled()).isFalse();
    assertThat(frames).containsExactly("basicAck 1");
  }
}
