package dev.warren.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.Delivery;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Text payloads decode in the charset content_encoding names; anything else is no text. */
class PayloadDecoderTest {

  private static Delivery delivery(String encoding, byte[] body) {
    return new ReceivedMessage(
        new Envelope(7, false, "", "orders"),
        new AMQP.BasicProperties.Builder().contentEncoding(encoding).build(),
        body) {
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
}
