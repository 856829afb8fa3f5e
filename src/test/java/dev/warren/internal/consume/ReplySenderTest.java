package dev.warren.internal.consume;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.PublishException;
import dev.warren.internal.codec.ReceivedMessage;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.Reply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** SPEC section 8: a responder's reply, and how its request is settled afterwards. */
class ReplySenderTest {

  /** One reply as it was handed to the route. */
  record Sent(String replyTo, AMQP.BasicProperties properties, byte[] body) {}

  /** Records what was published and answers as told. */
  static class FakeRoute implements ReplySender.Route {
    final List<Sent> published = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> answer = CompletableFuture.completedFuture(null);

    @Override
    public CompletableFuture<Void> publish(
        Delivery request, String replyTo, AMQP.BasicProperties properties, byte[] body) {
      published.add(new Sent(replyTo, properties, body));
      return answer;
    }
  }

  private final FakeRoute route = new FakeRoute();
  private final List<Handled> settles = new CopyOnWriteArrayList<>();
  private final ReplySender sender = sender(route);
  private final Handled answered =
      new Handled(Outcome.ack(), null, new Reply("{\"n\":1}".getBytes(), "application/json"));

  private static Delivery request(String replyTo, String correlationId) {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder().replyTo(replyTo).correlationId(correlationId).build();
    return new ReceivedMessage(new Envelope(7, false, "", "rpc.queue"), properties, new byte[0]) {
      @Override
      public String consumerName() {
        return "rpc";
      }

      @Override
      public String queue() {
        return "rpc.queue";
      }

      @Override
      public int attempt() {
        return 1;
      }
    };
  }

  /** A sender that records how it has each request settled. */
  private ReplySender sender(ReplySender.Route route) {
    return new ReplySender("rpc", "rpc.queue", route, (request, settled) -> settles.add(settled));
  }

  /** Sends {@code handled}'s reply with {@code sender}: how it had the request settled, once. */
  private Handled send(ReplySender sender, Delivery request, Handled handled) {
    int before = settles.size();
    sender.send(request, handled);
    assertThat(settles).as("settled once").hasSize(before + 1);
    return settles.get(before);
  }

  @Test
  void theReplyGoesToReplyToWithTheCorrelationIdAndIsTransient() {
    Handled settle = send(sender, request("amq.rabbitmq.reply-to.abc", "corr-1"), answered);

    assertThat(route.published).hasSize(1);
    Sent reply = route.published.get(0);
    assertThat(reply.replyTo()).isEqualTo("amq.rabbitmq.reply-to.abc");
    assertThat(reply.properties().getCorrelationId()).isEqualTo("corr-1");
    assertThat(reply.body()).isEqualTo("{\"n\":1}".getBytes());
    assertThat(reply.properties().getContentType()).isEqualTo("application/json");
    assertThat(reply.properties().getDeliveryMode()).isEqualTo(1);
    assertThat(settle.outcome()).isEqualTo(Outcome.ack());
    assertThat(settle.reply()).isNull();
  }

  @Test
  void theRequestIsSettledOnlyOnceItsReplyIsConfirmed() {
    CompletableFuture<Void> confirm = new CompletableFuture<>();
    route.answer = confirm;

    sender.send(request("amq.rabbitmq.reply-to.abc", "c"), answered);
    assertThat(settles).as("before the confirm").isEmpty();

    confirm.complete(null);
    assertThat(settles)
        .singleElement()
        .satisfies(s -> assertThat(s.outcome()).isEqualTo(Outcome.ack()));
  }

  @Test
  void aTextReplyIsUtf8Text() {
    Handled text = new Handled(Outcome.ack(), null, new Reply("grüße", null));

    send(sender, request("reply.queue", "c"), text);

    Sent reply = route.published.get(0);
    assertThat(reply.body()).isEqualTo("grüße".getBytes(StandardCharsets.UTF_8));
    assertThat(reply.properties().getContentType()).isEqualTo("text/plain");
    assertThat(reply.properties().getContentEncoding()).isEqualTo("UTF-8");
  }

  @Test
  void aFailedReplyRetriesTheRequest() {
    PublishException failure =
        new PublishException(PublishException.Reason.OUTCOME_UNKNOWN, "", "x", "closed", null);
    route.answer = CompletableFuture.failedFuture(failure);

    Handled settle = send(sender, request("amq.rabbitmq.reply-to.abc", "c"), answered);

    assertThat(settle.outcome()).isEqualTo(Outcome.retry());
    assertThat(settle.failure()).isSameAs(failure);
  }

  @Test
  void aRouteThatThrowsOrFindsItsChannelClosedRetriesTheRequest() {
    ReplySender throwing =
        sender(
            (request, replyTo, properties, body) -> {
              throw new IllegalStateException("Warren has shut down");
            });
    Handled thrown = send(throwing, request("amq.rabbitmq.reply-to.abc", "c"), answered);
    assertThat(thrown.outcome()).isEqualTo(Outcome.retry());
    assertThat(thrown.failure()).isInstanceOf(IllegalStateException.class);

    ReplySender closed = sender((request, replyTo, properties, body) -> null);
    Handled notSent = send(closed, request("amq.rabbitmq.reply-to.abc", "c"), answered);
    assertThat(notSent.outcome()).isEqualTo(Outcome.retry());
    assertThat(notSent.failure()).hasMessageContaining("closed before the reply was sent");
  }

  @Test
  void aRequestWithoutReplyToIsAckedAndNothingIsPublished() {
    Handled settle = send(sender, request(null, "c"), answered);

    assertThat(route.published).isEmpty();
    assertThat(settle.outcome()).isEqualTo(Outcome.ack());
  }

  @Test
  void aRequestWithoutCorrelationIdStillGetsItsReply() {
    send(sender, request("reply.queue", null), answered);

    assertThat(route.published)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.replyTo()).isEqualTo("reply.queue");
              assertThat(m.properties().getCorrelationId()).isNull();
            });
  }
}
