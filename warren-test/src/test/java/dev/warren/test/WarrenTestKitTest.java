package dev.warren.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import dev.warren.RequestException;
import dev.warren.Requester;
import dev.warren.test.app.PerDelivery;
import dev.warren.test.app.Shop;
import dev.warren.test.app.Shop.Order;
import dev.warren.test.app.Shop.Price;
import dev.warren.test.app.TimeoutsWaitAMoment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The kit without a broker: the real decode, mapping and settlement decision, frames reported. */
class WarrenTestKitTest {

  @RegisterExtension
  static final WarrenTestKit kit =
      WarrenTestKit.withoutBroker(Shop.class, PerDelivery.class, TimeoutsWaitAMoment.class);

  private static TestMessage order(String id, int quantity) {
    return TestMessage.payload(new Order(id, quantity)).header("tenant", "acme");
  }

  @Test
  void anAcceptedOrderIsAckedAndItsEventRecorded() {
    Delivered d = kit.deliver("orders", order("o-1", 2));

    assertThat(d.outcome()).isEqualTo(Outcome.ack());
    assertThat(d.frames()).containsExactly(new Frame.Ack());
    assertThat(d.published()).hasSize(1);
    OutgoingMessage event = d.published().get(0);
    assertThat(event.exchange()).isEqualTo("events");
    assertThat(event.routingKey()).isEqualTo("order.accepted");
    assertThat(event.payload()).isEqualTo(new Order("o-1", 2));
    assertThat(event.headers()).containsEntry("tenant", "acme");
  }

  @Test
  void eachDeliveryHasARequestContextOfItsOwn() {
    kit.deliver("orders", order("r-1", 1));
    kit.deliver("orders", order("r-2", 1));

    List<String> handled = kit.bean(Shop.class).handled();
    String first = handled.stream().filter(h -> h.startsWith("r-1@")).findFirst().orElseThrow();
    String second = handled.stream().filter(h -> h.startsWith("r-2@")).findFirst().orElseThrow();
    assertThat(first.substring(first.indexOf('#')))
        .isNotEqualTo(second.substring(second.indexOf('#')));
  }

  @Test
  void aDroppedOrderIsRejectedWithoutRequeue() {
    Delivered d = kit.deliver("orders", order("o-2", -1));

    assertThat(d.outcome()).isEqualTo(Outcome.drop());
    assertThat(d.frames()).containsExactly(new Frame.Reject(false));
    assertThat(d.published()).isEmpty();
  }

  @Test
  void aRetryBelowTheCapPublishesACopyWithTheNextCountThenRejects() {
    Delivered d = kit.deliver("orders", order("busy", 1).attempt(2));

    assertThat(d.outcome()).isEqualTo(Outcome.retry());
    assertThat(d.frames()).hasSize(2);
    Frame.Publish copy = (Frame.Publish) d.frames().get(0);
    assertThat(copy.exchange()).isEmpty();
    assertThat(copy.routingKey()).isEqualTo("orders");
    assertThat(copy.headers())
        .containsEntry("x-warren-retry-count", 2L)
        .containsEntry("tenant", "acme");
    assertThat(copy.persistent()).isTrue();
    assertThat(d.frames().get(1)).isEqualTo(new Frame.Reject(false));
  }

  @Test
  void aRetryAtTheCapGoesToTheDeadLetterQueue() {
    Delivered d = kit.deliver("orders", order("busy", 1).attempt(3));

    Frame.Publish dead = (Frame.Publish) d.frames().get(0);
    assertThat(dead.routingKey()).isEqualTo("orders.dlq");
    assertThat(dead.headers())
        .containsEntry("x-warren-death-reason", "max-attempts")
        .containsEntry("x-warren-origin-queue", "orders");
    assertThat(d.frames().get(1)).isEqualTo(new Frame.Reject(false));
  }

  @Test
  void anUnmappedExceptionOfACappedConsumerIsARetryCarryingTheException() {
    Delivered d = kit.deliver("orders", order("broken", 1).attempt(3));

    assertThat(d.outcome()).isEqualTo(Outcome.retry());
    assertThat(d.failure()).isInstanceOf(IllegalStateException.class);
    assertThat(((Frame.Publish) d.frames().get(0)).headers())
        .containsEntry(
            "x-warren-exception", "java.lang.IllegalStateException: no stock for broken");
  }

  @Test
  void aFailureMapperDecidesAndAnInProcessDelayWaitsBeforeTheCopy() {
    Delivered d = kit.deliver("orders", order("slow", 1));

    assertThat(d.outcome()).isEqualTo(Outcome.retryAfter(Duration.ofSeconds(2)));
    assertThat(d.frames().get(0)).isEqualTo(new Frame.Wait(Duration.ofSeconds(2)));
    assertThat(((Frame.Publish) d.frames().get(1)).headers())
        .containsEntry("x-warren-retry-count", 1L);
    assertThat(d.frames().get(2)).isEqualTo(new Frame.Reject(false));
  }

  @Test
  void aDlxTtlDelayGoesToTheWaitQueueWithATtlThenAcks() {
    Delivered d = kit.deliver("shipments", TestMessage.payload("parcel"));

    Frame.Publish wait = (Frame.Publish) d.frames().get(0);
    assertThat(wait.routingKey()).isEqualTo("shipments.retry");
    assertThat(wait.expiration()).isEqualTo("5000");
    assertThat(new String(wait.body(), StandardCharsets.UTF_8)).isEqualTo("parcel");
    assertThat(d.frames().get(1)).isEqualTo(new Frame.Ack());
  }

  @Test
  void anUndecodableBodyIsDroppedBeforeTheHandler() {
    int before = kit.bean(Shop.class).handled().size();
    Delivered d =
        kit.deliver(
            "orders",
            TestMessage.body("{not json".getBytes(StandardCharsets.UTF_8)).header("tenant", "a"));

    assertThat(d.outcome()).isEqualTo(Outcome.drop());
    assertThat(d.frames()).containsExactly(new Frame.Reject(false));
    assertThat(kit.bean(Shop.class).handled()).hasSize(before);
  }

  @Test
  void aMissingRequiredHeaderIsADecodeFailure() {
    Delivered d = kit.deliver("orders", TestMessage.payload(new Order("o-3", 1)));

    assertThat(d.outcome()).isEqualTo(Outcome.drop());
    assertThat(d.frames()).containsExactly(new Frame.Reject(false));
  }

  @Test
  void aResponderRepliesToReplyToThenAcks() {
    Delivered d =
        kit.deliver(
            "quotes",
            TestMessage.payload("tea").replyTo("amq.rabbitmq.reply-to").correlationId("c1"));

    assertThat(d.reply()).isPresent();
    assertThat(d.reply().get().routingKey()).isEqualTo("amq.rabbitmq.reply-to");
    assertThat(d.reply().get().correlationId()).isEqualTo("c1");
    assertThat(d.replyText()).hasValue("{\"cents\":250,\"item\":\"tea\"}");
    assertThat(d.frames()).containsExactly(d.reply().get(), new Frame.Ack());
  }

  @Test
  void requestsAreAnsweredByTheTest() {
    kit.answer("", "prices", request -> new Price((String) request.payload(), 120));

    Delivered d = kit.deliver("pricing", TestMessage.payload("tea"));

    assertThat(d.outcome()).isEqualTo(Outcome.ack());
    assertThat(d.requests()).hasSize(1);
    assertThat(d.requests().get(0).message().payload()).isEqualTo("tea");
    assertThat(d.requests().get(0).answered()).isTrue();
  }

  @Test
  void anAnswerIsConvertedToTheReplyTypeAsOverTheBroker() {
    kit.answer("", "prices", request -> "{\"item\":\"tea\",\"cents\":0}");

    Delivered d = kit.deliver("pricing", TestMessage.payload("tea"));

    assertThat(d.outcome()).isEqualTo(Outcome.drop());
  }

  @Test
  void anErrorStopsTheConsumerAndSettlesNothing() {
    Delivered d = kit.deliver("doomed", TestMessage.payload("x"));

    assertThat(d.outcome()).isNull();
    assertThat(d.fatal()).isInstanceOf(OutOfMemoryError.class);
    assertThat(d.frames()).isEmpty();
  }

  @Test
  void aBatchIsHandedOverInOneCallAndEachDeliverySettledByItsOwnOutcome() {
    List<Delivered> batch =
        kit.deliverBatch(
            "audit",
            List.of(
                TestMessage.payload(new Order("a", 1)),
                TestMessage.body("{oops".getBytes(StandardCharsets.UTF_8)),
                TestMessage.payload(new Order("c", 0))));

    assertThat(batch)
        .extracting(Delivered::outcome)
        .containsExactly(Outcome.ack(), Outcome.drop(), Outcome.retry());
    assertThat(batch.get(0).frames()).containsExactly(new Frame.Ack());
    assertThat(batch.get(1).frames()).containsExactly(new Frame.Reject(false));
    assertThat(batch.get(2).frames()).containsExactly(new Frame.Reject(true));
    assertThatThrownBy(() -> kit.deliver("audit", TestMessage.payload(new Order("d", 1))))
        .hasMessageStartingWith("WARREN-216 ");
    assertThatThrownBy(() -> kit.deliverBatch("orders", List.of()))
        .hasMessageStartingWith("WARREN-217 ");
  }

  @Test
  void anUnknownConsumerIsNamedWithTheKnownOnes() {
    assertThatThrownBy(() -> kit.deliver("order", TestMessage.payload("x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("WARREN-215 test kit: there is no consumer 'order'")
        .hasMessageContaining("'orders'");
  }

  @Test
  void anUnansweredRequestFailsAtOnceSayingHowToAnswerIt() {
    Throwable failure =
        kit.bean(Requester.class)
            .request("", "nobody", "x", String.class, Duration.ofSeconds(1))
            .toCompletableFuture()
            .handle((ok, e) -> e)
            .join();

    assertThat(failure)
        .isInstanceOf(RequestException.class)
        .hasMessageStartingWith("WARREN-214 test kit: nobody answers requests to exchange ''");
    assertThat(kit.requests()).anySatisfy(r -> assertThat(r.answered()).isFalse());
  }
}
