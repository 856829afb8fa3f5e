package dev.warren.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.impl.LongStringHelper;
import dev.warren.Delivery;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Text payloads decode in the charset content_encoding names; anything else is no text. */
class PayloadDecoderTest {

  private static Delivery delivery(String encoding, byte[] body) {
    return withProperties(
        new AMQP.BasicProperties.Builder().contentEncoding(encoding).build(), body);
  }

  private static Delivery withProperties(AMQP.BasicProperties properties, byte[] body) {
    return new ReceivedMessage(new Envelope(7, false, "", "orders"), properties, body) {
      @Override
      public int attempt() {
        return 1;
      }

      @Override
      public String queue() {
        return "orders";
      }

      @Override
      public String consumerName() {
        return "orders";
      }
    };
  }

  @Test
  void textDecodesInTheNamedCharsetAndUtf8WithoutOne() throws Exception {
    PayloadDecoder text = PayloadDecoder.of(String.class, null);
    assertThat(text.decode(delivery(null, "é".getBytes(StandardCharsets.UTF_8)))).isEqualTo("é");
    assertThat(text.decode(delivery("ISO-8859-1", "é".getBytes(StandardCharsets.ISO_8859_1))))
        .isEqualTo("é");
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "deflate", "utf-9", "not a charset"})
  void aContentEncodingThatNamesNoCharsetIsADecodeFailureNamingIt(String encoding)
      throws Exception {
    PayloadDecoder text = PayloadDecoder.of(String.class, null);
    assertThatThrownBy(() -> text.decode(delivery(encoding, new byte[] {31, -117, 8})))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("content_encoding '" + encoding + "'", "byte[]");
    // bytes are never decoded
    assertThat(PayloadDecoder.of(byte[].class, null).decode(delivery(encoding, new byte[] {1})))
        .isEqualTo(new byte[] {1});
  }

  /**
   * A message whose headers the client could not read (the frame guard put its one header in their
   * place) fails decoding whatever the payload type, so that its consumer drops it; a message that
   * merely has a header of that name among others is decoded.
   */
  @ParameterizedTest
  @ValueSource(classes = {byte[].class, String.class})
  void aMessageWhoseHeadersTheClientCouldNotReadFailsDecoding(Class<?> type) throws Exception {
    PayloadDecoder decoder = PayloadDecoder.of(type, null);
    Delivery unreadable =
        withProperties(
            new AMQP.BasicProperties.Builder()
                .headers(
                    Map.of(
                        PayloadDecoder.UNREADABLE_HEADER,
                        LongStringHelper.asLongString("its header table nests too deep")))
                .build(),
            new byte[] {'a'});
    assertThatThrownBy(() -> decoder.decode(unreadable))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "cannot read its headers: its header table nests too deep", "dead-letter");

    Delivery named =
        withProperties(
            new AMQP.BasicProperties.Builder()
                .headers(Map.of(PayloadDecoder.UNREADABLE_HEADER, "mine", "other", 1))
                .build(),
            new byte[] {'a'});
    assertThat(decoder.decode(named)).isNotNull();
  }
}
