package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Envelope;
import dev.warren.internal.settlement.Action;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * WARREN-032 (a delivery's channel closed before it was settled) is said once a minute per
 * consumer, not once per delivery: a recovered connection can leave thousands in flight.
 */
class ChannelGoneWarningTest {

  /** A channel that has closed: every delivery that came on it finds it so. */
  private static final Channel CLOSED =
      (Channel)
          Proxy.newProxyInstance(
              Channel.class.getClassLoader(),
              new Class<?>[] {Channel.class},
              (proxy, method, args) -> {
                if (method.getName().equals("isOpen")) {
                  return false;
                }
                throw new AssertionError("no frame on a closed channel: " + method.getName());
              });

  @Test
  void aThousandDeliveriesOnADeadChannelMakeOneLinePerConsumer() {
    DeliverySource orders =
        new DeliverySource("orders", "q.orders", null, SettlementListener.TELEMETRY);
    DeliverySource invoices =
        new DeliverySource("invoices", "q.invoices", null, SettlementListener.TELEMETRY);
    List<String> lines = new CopyOnWriteArrayList<>();
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getMessage().contains("WARREN-032")) {
              lines.add(record.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger logger = Logger.getLogger(IncomingDelivery.class.getName());
    logger.addHandler(capture);
    try {
      for (int tag = 1; tag <= 1000; tag++) {
        assertThat(delivery(orders, tag).settle(Action.ACK)).isFalse();
        assertThat(delivery(invoices, tag).settle(Action.ACK)).isFalse();
      }
    } finally {
      logger.removeHandler(capture);
    }
    assertThat(lines).hasSize(2);
    assertThat(lines).anySatisfy(line -> assertThat(line).contains("'orders'", "delivery 1 "));
    assertThat(lines).anySatisfy(line -> assertThat(line).contains("'invoices'"));
  }

  private static IncomingDelivery delivery(DeliverySource source, long tag) {
    return new IncomingDelivery(
        source,
        new DeliveryChannel(CLOSED),
        new Envelope(tag, false, "", source.queue()),
        new AMQP.BasicProperties(),
        new byte[0],
        1);
  }
}
