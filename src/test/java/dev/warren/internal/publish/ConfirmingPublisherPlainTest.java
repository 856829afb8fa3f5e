package dev.warren.internal.publish;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.warren.OutgoingMessage;
import dev.warren.internal.codec.PayloadEncoder;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Which messages are sent with the properties made once ({@link PayloadEncoder#plain}), and that
 * those are exactly what the builder would have made for them.
 */
class ConfirmingPublisherPlainTest {

  /** What a message may set and still be plain: where it goes, its body, and two flags. */
  private static final List<String> PLAIN_ATTRIBUTES =
      List.of("exchange", "routingKey", "payload", "persistent", "mandatory");

  @Test
  void aMessageThatSetsAnyOtherAttributeIsNotPlain() {
    List<UnaryOperator<OutgoingMessage.Builder>> each =
        List.of(
            b -> b.header("h", 1),
            b -> b.expiration(Duration.ofSeconds(1)),
            b -> b.priority(1),
            b -> b.contentType("text/csv"),
            b -> b.contentEncoding("gzip"),
            b -> b.messageId("m"),
            b -> b.correlationId("c"),
            b -> b.replyTo("r"),
            b -> b.timestamp(Instant.EPOCH),
            b -> b.type("t"),
            b -> b.appId("a"));
    for (UnaryOperator<OutgoingMessage.Builder> setting : each) {
      OutgoingMessage message = setting.apply(OutgoingMessage.to("", "q").payload("x")).build();
      assertThat(ConfirmingPublisher.setsOnlyPersistence(message)).as(message.toString()).isFalse();
    }
    // every attribute but the plain ones is one of those above: a new one must be added there and
    // to setsOnlyPersistence, or messages that set it would be sent without it
    long others =
        Arrays.stream(OutgoingMessage.class.getDeclaredFields())
            .filter(f -> !Modifier.isStatic(f.getModifiers()))
            .map(Field::getName)
            .filter(name -> !PLAIN_ATTRIBUTES.contains(name))
            .count();
    assertThat(others).isEqualTo(each.size());
  }

  @Test
  void plainPropertiesAreWhatTheBuilderMakesForBytesAndText() throws Exception {
    for (Object payload : List.of(new byte[] {1}, "text")) {
      for (boolean persistent : new boolean[] {true, false}) {
        OutgoingMessage message =
            OutgoingMessage.to("", "q").payload(payload).persistent(persistent).build();
        assertThat(ConfirmingPublisher.setsOnlyPersistence(message)).isTrue();
        AMQP.BasicProperties.Builder built = new AMQP.BasicProperties.Builder();
        byte[] body = PayloadEncoder.encode(payload, null, built);
        AMQP.BasicProperties expected = built.deliveryMode(persistent ? 2 : 1).build();
        assertThat(PayloadEncoder.plain(payload, persistent))
            .usingRecursiveComparison()
            .isEqualTo(expected);
        assertThat(PayloadEncoder.plainBody(payload)).isEqualTo(body);
      }
    }
    assertThat(PayloadEncoder.plain(new Object(), true)).isNull(); // the codec's: built each time
  }
}
