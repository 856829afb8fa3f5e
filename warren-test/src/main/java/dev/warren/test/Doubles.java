package dev.warren.test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.RequestException;
import dev.warren.Requester;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.logging.ReplyMessages;
import dev.warren.spi.Codec;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.interceptor.Interceptor;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The {@link Publisher} and {@link Requester} the application gets from a kit without a broker:
 * they record what they are asked to send; publishing succeeds at once, and a request completes
 * with the answer the test registered (or fails at once with {@code WARREN-214}). An enabled
 * alternative, so it replaces Warren's own producers.
 */
@Alternative
@Priority(Interceptor.Priority.APPLICATION + 1000)
public class Doubles {

  /** The running kit's recorders (one kit at a time per JVM, like its configuration). */
  static volatile Recorders current;

  @Produces
  Publisher publisher() {
    return current.publisher;
  }

  @Produces
  Requester requester() {
    return current.requester;
  }

  /** What one kit records. */
  static final class Recorders {
    final RecordingPublisher publisher = new RecordingPublisher();
    final AnsweringRequester requester;

    Recorders(Codec codec) {
      this.requester = new AnsweringRequester(codec);
    }
  }

  /** Records publications; each completes normally, as if the broker had confirmed it. */
  static final class RecordingPublisher implements Publisher {
    final List<OutgoingMessage> sent = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<Void> publish(String exchange, String routingKey, Object payload) {
      return publish(OutgoingMessage.to(exchange, routingKey).payload(payload).build());
    }

    @Override
    public CompletionStage<Void> publish(OutgoingMessage message) {
      sent.add(message);
      return CompletableFuture.completedFuture(null);
    }
  }

  /** Records requests and answers them with what the test registered. */
  static final class AnsweringRequester implements Requester {
    final List<SentRequest> sent = new CopyOnWriteArrayList<>();
    final Map<String, Function<OutgoingMessage, Object>> answers = new ConcurrentHashMap<>();
    private final Codec codec;

    AnsweringRequester(Codec codec) {
      this.codec = codec;
    }

    static String key(String exchange, String routingKey) {
      return exchange + "\u0000" + routingKey;
    }

    @Override
    public <R> CompletionStage<R> request(
        OutgoingMessage request, Type replyType, Duration timeout) {
      Function<OutgoingMessage, Object> answer =
          answers.get(key(request.exchange(), request.routingKey()));
      sent.add(new SentRequest(request, replyType, timeout, answer != null));
      if (answer == null) {
        return CompletableFuture.failedFuture(
            new RequestException(
                RequestException.Reason.TIMED_OUT,
                request.exchange(),
                request.routingKey(),
                TestKitMessages.kitNoAnswer(request.exchange(), request.routingKey()),
                null));
      }
      try {
        return CompletableFuture.completedFuture(as(answer.apply(request), replyType));
      } catch (Exception e) {
        return CompletableFuture.failedFuture(
            new RequestException(
                RequestException.Reason.UNDECODABLE_REPLY,
                request.exchange(),
                request.routingKey(),
                ReplyMessages.replyUndecodable(
                    request.exchange(),
                    request.routingKey(),
                    replyType.getTypeName(),
                    e.toString()),
                e));
      }
    }

    /**
     * The answer as the reply type: as it is when it already is one, else encoded and decoded the
     * way a reply over the broker would be (so a test may answer with a {@code String} of JSON).
     */
    @SuppressWarnings("unchecked")
    private <R> R as(Object answer, Type replyType) throws Exception {
      if (replyType instanceof Class<?> c && c.isInstance(answer)) {
        return (R) answer;
      }
      AMQP.BasicProperties.Builder properties = new AMQP.BasicProperties.Builder();
      byte[] body = PayloadEncoder.encode(answer, codec, properties);
      KitDelivery reply =
          new KitDelivery("", "", new Envelope(0, false, "", ""), properties.build(), body, 1);
      return (R) PayloadDecoder.of(replyType, codec).decode(reply);
    }
  }
}
