package dev.warren.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warren.Outcome;
import dev.warren.test.Delivered;
import dev.warren.test.Frame;
import dev.warren.test.TestMessage;
import dev.warren.test.WarrenTestKit;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The example's handlers tested with Warren's test kit, without a broker: each case hands one
 * message to a consumer and checks the outcome and the frames Warren would send.
 */
class OrderHandlerTest {

  @RegisterExtension
  static final WarrenTestKit kit =
      WarrenTestKit.withoutBroker(OrderHandler.class, Quotes.class, Stock.class);

  @Test
  void aValidOrderIsReservedAndAcked() {
    Delivered d = kit.deliver("orders", TestMessage.payload(new Order("o-1", "bolt", 4)));

    assertEquals(Outcome.ack(), d.outcome());
    assertEquals(List.of(new Frame.Ack()), d.frames());
    assertEquals(96, kit.bean(Stock.class).left("bolt"));
  }

  @Test
  void aMalformedOrderIsDropped() {
    Delivered d = kit.deliver("orders", TestMessage.payload(new Order("o-2", "nut", 0)));

    assertEquals(Outcome.drop(), d.outcome());
    assertEquals(List.of(new Frame.Reject(false)), d.frames());
  }

  @Test
  void aBusyStockRetriesAfterAPauseWithTheNextAttemptsCopy() {
    Delivered d = kit.deliver("orders", TestMessage.payload(new Order("o-3", "washer", 1000)));

    assertEquals(Outcome.retryAfter(Duration.ofSeconds(2)), d.outcome());
    assertEquals(new Frame.Wait(Duration.ofSeconds(2)), d.frames().get(0));
    Frame.Publish copy = assertInstanceOf(Frame.Publish.class, d.frames().get(1));
    assertEquals("orders", copy.routingKey());
    assertEquals(1L, copy.headers().get("x-warren-retry-count"));
    assertEquals(new Frame.Reject(false), d.frames().get(2));
  }

  @Test
  void theThirdFailedAttemptGoesToTheDeadLetterQueue() {
    Delivered d =
        kit.deliver("orders", TestMessage.payload(new Order("o-4", "washer", 1000)).attempt(3));

    Frame.Publish dead = assertInstanceOf(Frame.Publish.class, d.frames().get(0));
    assertEquals("orders.dlq", dead.routingKey());
    assertEquals("max-attempts", dead.headers().get("x-warren-death-reason"));
    assertEquals(new Frame.Reject(false), d.frames().get(1));
  }

  @Test
  void aQuoteIsRepliedToTheRequesterThenTheRequestAcked() {
    Delivered d =
        kit.deliver(
            "quotes",
            TestMessage.payload(new Quotes.QuoteRequest("bolt", 2))
                .replyTo("amq.rabbitmq.reply-to.abc")
                .correlationId("42"));

    assertTrue(d.reply().isPresent());
    assertEquals("42", d.reply().get().correlationId());
    assertTrue(d.replyText().orElseThrow().contains("\"cents\":500"), d.replyText().orElseThrow());
    assertEquals(new Frame.Ack(), d.frames().get(1));
  }
}
