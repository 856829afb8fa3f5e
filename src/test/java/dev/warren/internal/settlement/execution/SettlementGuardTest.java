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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link SettlementGuard} does when a step throws: frames, {@link InFlight}'s counts, the
 * message. The channel is a stand-in that records the frames it is asked to send.
 */
class SettlementGuardTest {

  private static final Logger LOG = Logger.getLogger(SettlementGuard.class.getName());

  private final List<String> frames = new CopyOnWriteArrayList<>();
  private final List<String> logged = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          logged.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  private final InFlight inFlight = new InFlight();
  private final SettlementGuard guard = new SettlementGuard("orders", "Shop#order", inFlight);
  private boolean open = true;
  private long tags;

  @BeforeEach
  void capture() {
    LOG.addHandler(capture);
  }

  @AfterEach
  void release() {
    LOG.removeHandler(capture);
  }

  private Channel channel() {
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "isOpen":
                  return open;
                case "basicReject":
                  frames.add("reject " + args[0] + " requeue=" + args[1]);
                  return null;
                case "basicAck":
                  frames.add("ack " + args[0]);
                  return null;
                default:
                  throw new UnsupportedOperationException(method.getName());
              }
            });
  }

  private IncomingDelivery inHand() {
    IncomingDelivery delivery =
        new IncomingDelivery(
            new DeliverySource("orders", "q", null, SettlementListener.TELEMETRY),
            new DeliveryChannel(channel()),
            new Envelope(++tags, false, "", "q"),
            new AMQP.BasicProperties(),
            new byte[0],
            1);
    inFlight.received(1);
    inFlight.start(delivery);
    return delivery;
  }

  @Test
  void aFailureCaughtByTheStepsOwnTryBlockIsSettledAsRunSettlesIt() {
    IncomingDelivery delivery = inHand();

    guard.failed(SettlementGuard.AFTER_HANDLER, delivery, new IllegalStateException("boom"));

    assertWentBackSaying(SettlementGuard.AFTER_HANDLER);
  }

  /** Delivery 1 was requeued, left in-flight, and the warning names {@code step} and the cause. */
  private void assertWentBackSaying(String step) {
    assertThat(frames).containsExactly("reject 1 requeue=true");
    assertThat(inFlight.unsettled()).isZero();
    assertThat(logged)
        .singleElement()
        .satisfies(
            m ->
                assertThat(m)
                    .startsWith("WARREN-137 consumer 'orders' (Shop#order): ")
                    .contains(step)
                    .contains("java.lang.IllegalStateException: boom")
                    .contains("delivery 1 went back to the queue"));
  }

  @Test
  void aStepThatThrowsBeforeAnyFrameRequeuesItsDeliveryAndSaysWhichStep() {
    IncomingDelivery delivery = inHand();

    guard.run(
        SettlementGuard.AFTER_COPY,
        delivery,
        () -> {
          throw new IllegalStateException("boom");
        });

    assertWentBackSaying(SettlementGuard.AFTER_COPY);
  }

  @Test
  void anErrorIsCaughtToo() {
    IncomingDelivery delivery = inHand();

    guard.run(
        SettlementGuard.DELAY_ENDED,
        delivery,
        () -> {
          throw new AssertionError("a codec's bug");
        });

    assertThat(frames).containsExactly("reject 1 requeue=true");
    assertThat(inFlight.unsettled()).isZero();
  }

  @Test
  void aStepThatThrowsAfterTheFrameSendsNoSecondFrame() {
    IncomingDelivery delivery = inHand();

    guard.run(
        SettlementGuard.AFTER_REPLY,
        delivery,
        () -> {
          delivery.settle(Action.ACK);
          throw new IllegalStateException("span processor");
        });

    assertThat(frames).containsExactly("ack 1");
    assertThat(inFlight.unsettled()).isZero();
    assertThat(logged)
        .singleElement()
        .satisfies(
            m -> assertThat(m).startsWith("WARREN-138 ").contains("delivery 1 is settled all"));
  }

  @Test
  void aStepBesideTheSettlementIsOnlyReported() {
    IncomingDelivery delivery = inHand();

    guard.alongside(
        SettlementGuard.REPLY_SPAN,
        delivery,
        () -> {
          throw new IllegalStateException("span processor");
        });

    assertThat(frames).isEmpty();
    assertThat(inFlight.unsettled()).isEqualTo(1); // its own path settles it
    assertThat(logged)
        .singleElement()
        .satisfies(
            m ->
                assertThat(m)
                    .startsWith("WARREN-138 consumer 'orders' (Shop#order): ")
                    .contains(SettlementGuard.REPLY_SPAN));
  }

  @Test
  void aDeliveryWhoseChannelClosedIsLeftToTheBroker() {
    IncomingDelivery delivery = inHand();
    open = false;

    guard.run(
        SettlementGuard.AFTER_HANDLER,
        delivery,
        () -> {
          throw new IllegalStateException("boom");
        });

    assertThat(frames).isEmpty();
    assertThat(inFlight.unsettled()).isZero();
    assertThat(logged).singleElement().satisfies(m -> assertThat(m).startsWith("WARREN-138 "));
  }

  @Test
  void aHeldDeliveryLeavesInFlightToo() {
    IncomingDelivery delivery = inHand();
    inFlight.delayed(delivery, System.nanoTime());

    guard.run(
        SettlementGuard.DELAY_ENDED,
        delivery,
        () -> {
          throw new IllegalStateException("boom");
        });

    assertThat(inFlight.held()).isZero();
    assertThat(inFlight.unsettled()).isZero();
  }

  @Test
  void onlyTheUnsettledDeliveriesOfAFailedStepAreRequeued() {
    IncomingDelivery first = inHand();
    IncomingDelivery second = inHand();

    guard.run(
        SettlementGuard.AFTER_BATCH,
        List.of(first, second),
        () -> {
          first.settle(Action.ACK);
          throw new IllegalStateException("boom");
        });

    assertThat(frames).containsExactly("ack 1", "reject 2 requeue=true");
    assertThat(inFlight.unsettled()).isZero();
    assertThat(logged)
        .singleElement()
        .satisfies(m -> assertThat(m).startsWith("WARREN-137 ").contains("delivery 2 went back"));
  }

  @Test
  void aStepThatDoesNotThrowChangesNothing() {
    IncomingDelivery delivery = inHand();

    guard.run(SettlementGuard.AFTER_HANDLER, delivery, () -> {});

    assertThat(frames).isEmpty();
    assertThat(inFlight.unsettled()).isEqualTo(1);
    assertThat(logged).isEmpty();
  }
}
