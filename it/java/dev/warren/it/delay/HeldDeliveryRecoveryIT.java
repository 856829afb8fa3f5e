package dev.warren.it.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A delivery held for an in-process delay ({@code retryAfter} on a classic queue, {@code
 * Delay.NONE}) whose connection recovers meanwhile: when its timer fires, its channel is dead and
 * the broker has delivered it again. Warren must neither copy it nor count a failed copy
 * (WARREN-060) nor settle it on the dead channel; it says so once at INFO (WARREN-270). The message
 * is handled once more and acked, with no duplicate, and the consumer's copies after that go
 * through. On a node of the test's own (node 27, port 5707; {@code -Dwarren.it.held.node}): every
 * connection on it is closed.
 */
@Tag("own-node")
class HeldDeliveryRecoveryIT {

  static final String QUEUE = "warren.it.held.recovery";
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.held.node", 27));
  // long enough for rabbitmqctl (an Erlang VM of its own) to close the connections first
  static final Duration HELD_FOR = Duration.ofSeconds(15);

  @RegisterExtension static final LogCapture logs = new LogCapture();

  WeldContainer container;

  /** One handler call. */
  record Call(String body, int attempt, boolean redelivered) {}

  @ApplicationScoped
  public static class Held {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body, Delivery delivery) {
      CALLS.add(new Call(body, delivery.attempt(), delivery.redelivered()));
      if (body.equals("held")) {
        // held on the first delivery; its redelivery after the recovery is acked
        return delivery.redelivered() ? Outcome.ack() : Outcome.retryAfter(HELD_FOR);
      }
      // a healthy delayed retry after the recovery: copied on the recovered channel
      return delivery.attempt() == 1 ? Outcome.retryAfter(Duration.ofMillis(200)) : Outcome.ack();
    }
  }

  @BeforeAll
  static void startNode() {
    NODE.start();
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
  }

  @Test
  void aHeldDeliveryWhoseConnectionRecoveredIsNeitherCopiedNorCountedAsAFailedCopy()
      throws Exception {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.recovery-interval", "500ms");
    container = WeldSe.start(Held.class);
    Publisher publisher = container.select(Publisher.class).get();
    long heldAt = System.nanoTime(); // the hold starts after this
    publisher.publish("", QUEUE, "held").toCompletableFuture().get(10, TimeUnit.SECONDS);
    await().atMost(Duration.ofSeconds(10)).until(() -> Held.CALLS.size() == 1);

    NODE.ctl("close_all_connections", "test: a held delivery's connection recovers");
    assertThat(System.nanoTime() - heldAt)
        .as("the connection closed while the delivery was held")
        .isLessThan(HELD_FOR.toNanos());

    // the broker delivers the held message again on the recovered channel: handled and acked
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> Held.CALLS.stream().anyMatch(Call::redelivered));
    publisher.publish("", QUEUE, "healthy").toCompletableFuture().get(10, TimeUnit.SECONDS);

    // the held delivery's timer fires on its dead channel: Warren says what it did with it
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                !logs.messagesContaining("WARREN-270").isEmpty()
                    || !logs.messagesContaining("WARREN-060").isEmpty()
                    || !logs.messagesContaining("WARREN-032").isEmpty());
    assertThat(System.nanoTime() - heldAt).isGreaterThanOrEqualTo(HELD_FOR.toNanos());
    assertThat(logs.messagesContaining("WARREN-060")).isEmpty();
    assertThat(logs.messagesContaining("WARREN-032")).isEmpty();
    assertThat(logs.messagesContaining("WARREN-270"))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("'" + QUEUE + "'"));
    // the healthy copy went through: its second attempt is handled
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Held.CALLS.contains(new Call("healthy", 2, false)));
    // no copy of the held message (it would come as attempt 2) and no failed copy, in a while
    await()
        .during(Duration.ofSeconds(2))
        .atMost(Duration.ofSeconds(5))
        .until(() -> Held.CALLS.size() == 4);
    assertThat(Held.CALLS)
        .containsExactly(
            new Call("held", 1, false),
            new Call("held", 1, true),
            new Call("healthy", 1, false),
            new Call("healthy", 2, false));
    assertThat(logs.messagesContaining("WARREN-060")).isEmpty();
    assertThat(logs.messagesContaining("WARREN-032")).isEmpty();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> NODE.ctl("list_queues", "name", "messages").contains(QUEUE + "\t0"));
  }
}
