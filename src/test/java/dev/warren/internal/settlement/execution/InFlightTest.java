package dev.warren.internal.settlement.execution;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What shutdown waits for, and what it hands back, as {@link InFlight} counts it. */
class InFlightTest {

  private static long tags;

  private static IncomingDelivery delivery() {
    return delivery(new DeliveryChannel(null));
  }

  private static IncomingDelivery delivery(DeliveryChannel on) {
    return new IncomingDelivery(
        new DeliverySource("c", "q", null, SettlementListener.TELEMETRY),
        on,
        new Envelope(++tags, false, "", "q"),
        new AMQP.BasicProperties(),
        new byte[0],
        1);
  }

  @Test
  void onceDrainingNothingWaitingStartsAndItIsCountedAsNotStarted() {
    InFlight inFlight = new InFlight();
    inFlight.received(3);
    assertThat(inFlight.start(List.of(delivery()))).isTrue();
    inFlight.drain();
    assertThat(inFlight.start(List.of(delivery()))).isFalse();

    InFlight.Left left = inFlight.close();
    assertThat(left.inHand()).hasSize(1);
    assertThat(left.notStarted()).isEqualTo(2);
  }

  @Test
  void aBrokersCancelSeesTheDeliveriesHeldOnItsChannelOnlyAndTheOldestArrival() {
    DeliveryChannel cancelled = new DeliveryChannel(null);
    DeliveryChannel other = new DeliveryChannel(null);
    InFlight inFlight = new InFlight();
    inFlight.received(4);
    IncomingDelivery oldest = delivery(cancelled);
    IncomingDelivery younger = delivery(cancelled);
    IncomingDelivery elsewhere = delivery(other);
    inFlight.start(younger);
    inFlight.start(elsewhere);
    inFlight.start(oldest);
    IncomingDelivery pausedAfterAFailedCopy = delivery(cancelled);
    inFlight.start(pausedAfterAFailedCopy);
    inFlight.paused(pausedAfterAFailedCopy);

    InFlight.Held held = inFlight.heldOn(cancelled);

    assertThat(held.count()).isEqualTo(3);
    assertThat(held.oldestArrivedNanos()).isEqualTo(oldest.arrivedNanos());
    inFlight.done(oldest);
    inFlight.done(younger);
    assertThat(inFlight.heldOn(other).count()).isEqualTo(1);
    assertThat(inFlight.heldOn(new DeliveryChannel(null)).count()).isZero();
  }

  @Test
  void aSingleDeliveryIsCountedAsAListOfOneIs() {
    InFlight inFlight = new InFlight();
    inFlight.received(3);
    IncomingDelivery first = delivery();
    assertThat(inFlight.start(first)).isTrue();
    assertThat(inFlight.unsettled()).isEqualTo(3);
    inFlight.done(first);
    assertThat(inFlight.unsettled()).isEqualTo(2);
    inFlight.drain();
    assertThat(inFlight.start(delivery())).isFalse();

    InFlight.Left left = inFlight.close();
    assertThat(left.inHand()).isEmpty();
    assertThat(left.notStarted()).isEqualTo(2);
  }

  @Test
  void awaitDrainedReturnsWhenTheLastDeliveryInHandIsDoneNotAtTheDeadline() throws Exception {
    InFlight inFlight = new InFlight();
    IncomingDelivery running = delivery();
    inFlight.received(1);
    inFlight.start(List.of(running));
    inFlight.drain();
    CompletableFuture.runAsync(
        () -> inFlight.done(running),
        CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));

    long start = System.nanoTime();
    inFlight.awaitDrained(start + Duration.ofSeconds(10).toNanos());
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(150))
        .isLessThan(Duration.ofSeconds(5));
    assertThat(inFlight.unsettled()).isZero();
  }

  @Test
  void aDelayDueAfterTheDeadlineIsNotWaitedForOneDueBeforeIs() throws Exception {
    InFlight inFlight = new InFlight();
    IncomingDelivery late = delivery();
    IncomingDelivery soon = delivery();
    inFlight.received(2);
    inFlight.start(List.of(late, soon));
    long now = System.nanoTime();
    inFlight.delayed(late, now + Duration.ofMinutes(1).toNanos());
    inFlight.delayed(soon, now + Duration.ofMillis(100).toNanos());
    inFlight.drain();
    CompletableFuture.runAsync(
        () -> {
          inFlight.released(soon);
          inFlight.done(soon);
        },
        CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS));

    inFlight.awaitDrained(now + Duration.ofSeconds(10).toNanos());
    assertThat(Duration.ofNanos(System.nanoTime() - now)).isLessThan(Duration.ofSeconds(5));
    assertThat(inFlight.held()).isEqualTo(1);
    InFlight.Left left = inFlight.close();
    assertThat(left.delayed()).isEqualTo(1);
    assertThat(inFlight.released(late)).isFalse(); // its timer fires after the close: nothing
  }

  @Test
  void aDeliveryLeavesOnceALateSecondDoneChangesNothing() {
    InFlight inFlight = new InFlight();
    IncomingDelivery one = delivery();
    inFlight.received(2);
    inFlight.start(List.of(one, delivery()));
    inFlight.done(one);
    inFlight.done(one);
    assertThat(inFlight.unsettled()).isEqualTo(1);
  }

  @Test
  void deliveriesLeaveTheirStateFromAnyPlaceAndOnlyTheRestAreHandedBack() {
    InFlight inFlight = new InFlight();
    List<IncomingDelivery> five =
        List.of(delivery(), delivery(), delivery(), delivery(), delivery());
    inFlight.received(5);
    five.forEach(inFlight::start);
    inFlight.done(five.get(0)); // the first one taken
    inFlight.done(five.get(4)); // the last one taken
    inFlight.delayed(five.get(2), System.nanoTime()); // one from the middle
    inFlight.paused(five.get(3));
    assertThat(inFlight.unsettled()).isEqualTo(3);
    assertThat(inFlight.held()).isEqualTo(2);

    inFlight.done(five.get(0)); // gone already: nothing changes
    inFlight.delayed(five.get(4), System.nanoTime()); // not in hand: nothing changes
    inFlight.paused(five.get(0));
    assertThat(inFlight.unsettled()).isEqualTo(3);
    assertThat(inFlight.held()).isEqualTo(2);

    assertThat(inFlight.released(five.get(2))).isTrue(); // its delay is over: in hand again
    assertThat(inFlight.released(five.get(2))).isFalse();
    inFlight.done(five.get(3)); // the paused one is settled
    assertThat(inFlight.held()).isZero();

    InFlight.Left left = inFlight.close();
    assertThat(left.inHand()).containsExactlyInAnyOrder(five.get(1), five.get(2));
    assertThat(left.delayed()).isZero();
    assertThat(left.paused()).isZero();
  }
}
