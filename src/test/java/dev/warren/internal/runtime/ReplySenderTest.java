package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import dev.warren.PublishException;
import dev.warren.Publisher;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.Reply;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** SPEC section 8: a responder's reply, and how its request is settled afterwards. */
class ReplySenderTest {

  /** Records what was published and answers as told. */
  static class FakePublisher implements Publisher {
    final List<OutgoingMessage> published = new CopyOnWriteArrayList<>();
    CompletionStage<Void> answer = CompletableFuture.completedFuture(null);

    @Override
    public CompletionStage<Void> publish(String exchange, String routingKey, Object payload) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<Void> publish(OutgoingMessage message) {
      published.add(message);
      return answer;
    }
  }

  private final FakePublisher publisher = new FakePublisher();
  private final ReplySender sender = new ReplySender("rpc", "rpc.queue", publisher);
  private final Handled answered =
      new Handled(Outcome.ack(), null, new Reply("{\"n\":1}".getBytes(), "application/json"));

  private static Delivery request(String replyTo, String correlationId) {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder().replyTo(replyTo).correlationId(correlationId).build();
    return new Delivery() {
      @Override
      public String consumerName() {
        return "rpc";
      }

      @Override
      public String queue() {
        return "rpc.queue";
      }

      @Override
      public String exchange() {
        return "";
      }

      @Override
      public String routingKey() {
        return "rpc.queue";
      }

      @Override
      public boolean redelivered() {
        return false;
      }

      @Override
      public long deliveryTag() {
        return 7;
      }

      @Override
      public AMQP.BasicProperties properties() {
        return properties;
      }

      @Override
      public Map<String, Object> headers() {
        return Map.of();
      }

      @Override
      public int attempt() {
        return 1;
      }

      @Override
      public byte[] body() {
        return new byte[0];
      }
    };
  }

  private static Handled settled(CompletionStage<Handled> stage) {
    return stage.toCompletableFuture().join();
  }

  @Test
  void theReplyGoesToReplyToOnTheDefaultExchangeWithTheCorrelationId() {
    Handled settle = settled(sender.send(request("amq.rabbitmq.reply-to.abc", "corr-1"), answered));

    assertThat(publisher.published).hasSize(1);
    OutgoingMessage reply = publisher.published.get(0);
    assertThat(reply.exchange()).isEmpty();
    assertThat(reply.routingKey()).isEqualTo("amq.rabbitmq.reply-to.abc");
    assertThat(reply.correlationId()).isEqualTo("corr-1");
    assertThat(reply.payload()).isEqualTo("{\"n\":1}".getBytes());
    assertThat(reply.contentType()).isEqualTo("application/json");
    // measured: a mandatory reply to direct reply-to is returned even when delivered
    assertThat(reply.mandatory()).isFalse();
    assertThat(reply.persistent()).isFalse();
    assertThat(settle.outcome()).isEqualTo(Outcome.ack());
    assertThat(settle.reply()).isNull();
  }

  @Test
  void aFailedReplyRetriesTheRequest() {
    PublishException failure =
        new PublishException(PublishException.Reason.OUTCOME_UNKNOWN, "", "x", "closed", null);
    publisher.answer = CompletableFuture.failedFuture(failure);

    Handled settle = settled(sender.send(request("amq.rabbitmq.reply-to.abc", "c"), answered));

    assertThat(settle.outcome()).isEqualTo(Outcome.retry());
    assertThat(settle.failure()).isSameAs(failure);
  }

  @Test
  void aPublisherThatThrowsRetriesTheRequest() {
    Publisher throwing =
        new FakePublisher() {
          @Override
          public CompletionStage<Void> publish(OutgoingMessage message) {
            throw new IllegalStateException("Warren has shut down");
          }
        };
    Handled settle =
        settled(
            new ReplySender("rpc", "rpc.queue", throwing)
                .send(request("amq.rabbitmq.reply-to.abc", "c"), answered));

    assertThat(settle.outcome()).isEqualTo(Outcome.retry());
    assertThat(settle.failure()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRequestWithoutReplyToIsAckedAndNothingIsPublished() {
    Handled settle = settled(sender.send(request(null, "c"), answered));

    assertThat(publisher.published).isEmpty();
    assertThat(settle.outcome()).isEqualTo(Outcome.ack());
  }

  @Test
  void aRequestWithoutCorrelationIdStillGetsItsReply() {
    settled(sender.send(request("reply.queue", null), answered));

    assertThat(publisher.published)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.routingKey()).isEqualTo("reply.queue");
              assertThat(m.correlationId()).isNull();
            });
  }
}
