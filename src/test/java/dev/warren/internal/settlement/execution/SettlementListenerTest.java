package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Envelope;
import dev.warren.Outcome;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.telemetry.Processing;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** What telemetry sees of a delivery's settlement: each step once, through the listener only. */
class SettlementListenerTest {

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private final List<String> frames = new CopyOnWriteArrayList<>();

  /** A listener that writes down every step. */
  private final SettlementListener recording =
      new SettlementListener() {
        @Override
        public void settled(IncomingDelivery delivery, Action action, boolean sent) {
          seen.add(delivery.deliveryTag() + " " + action + " sent=" + sent);
        }
      };

  private Channel channel(boolean open) {
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "isOpen":
                  return open;
                case "basicAck":
                  frames.add("ack " + args[0]);
                  return null;
                case "basicReject":
                  frames.add("reject " + args[0] + " requeue=" + args[1]);
                  return null;
                default:
                  throw new UnsupportedOperationException(method.getName());
              }
            });
  }

  private IncomingDelivery delivery(SettlementListener listener, boolean open) {
    return new IncomingDelivery(
        new DeliverySource("orders", "q", null, listener),
        new DeliveryChannel(channel(open)),
        new Envelope(7, false, "", "q"),
        new AMQP.BasicProperties(),
        new byte[0],
        1);
  }

  @Test
  void theFrameIsReportedOnceAndASecondSettlementReportsNothing() {
    Logger log = Logger.getLogger(IncomingDelivery.class.getName());
    Level level = log.getLevel();
    log.setLevel(Level.OFF); // the second settlement's WARREN line is not this test's subject
    try {
      IncomingDelivery delivery = delivery(recording, true);

      assertThat(delivery.settle(Action.ACK)).isTrue();
      assertThat(delivery.settle(new Action.Reject(true, Action.Reason.STEP_FAILED))).isFalse();
    } finally {
      log.setLevel(level);
    }

    assertThat(frames).containsExactly("ack 7");
    assertThat(seen).containsExactly("7 " + Action.ACK + " sent=true");
  }

  @Test
  void aFrameThatCouldNotBeSentOnAClosedChannelIsReportedAsNotSent() {
    Logger log = Logger.getLogger(IncomingDelivery.class.getName());
    Level level = log.getLevel();
    log.setLevel(Level.OFF); // WARREN-032: the channel closed
    try {
      assertThat(delivery(recording, false).settle(Action.ACK)).isFalse();
    } finally {
      log.setLevel(level);
    }

    assertThat(frames).isEmpty();
    assertThat(seen).containsExactly("7 " + Action.ACK + " sent=false");
  }

  @Test
  void theTelemetryListenerReportsEachStepToTheDeliverysOwnProcessing() {
    IncomingDelivery delivery = delivery(SettlementListener.TELEMETRY, true);
    delivery.telemetry(
        new Processing() {
          @Override
          public void handled(Outcome outcome, Throwable failure) {
            seen.add("handled " + outcome);
          }

          @Override
          public void held() {
            seen.add("held");
          }

          @Override
          public void released() {
            seen.add("released");
          }

          @Override
          public void settled(String frame, boolean sent) {
            seen.add("settled " + frame + " sent=" + sent);
          }

          @Override
          public void abandoned(String why) {
            seen.add("abandoned " + why);
          }
        });
    SettlementListener listener = SettlementListener.TELEMETRY;

    listener.handled(delivery, Outcome.ack(), null);
    listener.held(delivery);
    listener.released(delivery);
    delivery.settle(Action.ACK);
    listener.abandoned(delivery, "gone");

    assertThat(seen)
        .containsExactly(
            "handled " + Outcome.ack(),
            "held",
            "released",
            "settled " + Action.ACK + " sent=true",
            "abandoned gone");
  }
}
