package dev.warren.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.LongString;
import com.rabbitmq.client.impl.LongStringHelper;
import dev.warren.Delivery;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Headers as plain Java types, and reading one as a type. */
class HeadersTest {

  private static LongString text(String s) {
    return LongStringHelper.asLongString(s);
  }

  @Test
  void stringsAndSmallIntegersBecomePlainAllTheWayDown() {
    Map<String, Object> raw = new HashMap<>();
    raw.put("tenant", text("acme"));
    raw.put("b", (byte) 3);
    raw.put("s", (short) 300);
    raw.put("i", 70_000);
    raw.put("l", 5_000_000_000L);
    raw.put("t", true);
    raw.put("list", List.of(text("a"), (byte) 1, Map.of("k", text("v"))));
    raw.put("table", Map.of("inner", List.of(text("x"))));
    raw.put("bytes", new byte[] {1, 2});
    raw.put("none", null);

    Map<String, Object> plain = Headers.plain(raw);

    assertThat(plain.get("tenant")).isEqualTo("acme");
    assertThat(plain.get("b")).isEqualTo(3);
    assertThat(plain.get("s")).isEqualTo(300);
    assertThat(plain.get("i")).isEqualTo(70_000);
    assertThat(plain.get("l")).isEqualTo(5_000_000_000L);
    assertThat(plain.get("t")).isEqualTo(true);
    assertThat(plain.get("list")).isEqualTo(List.of("a", 1, Map.of("k", "v")));
    assertThat(plain.get("table")).isEqualTo(Map.of("inner", List.of("x")));
    assertThat(plain.get("bytes")).isEqualTo(new byte[] {1, 2});
    assertThat(plain).containsKey("none");
    assertThat(Headers.plain(null)).isEmpty();
  }

  @Test
  void integersConvertWhereTheValueFits() {
    assertThat(Headers.as("n", 5, Long.class)).hasValue(5L);
    assertThat(Headers.as("n", 5L, Integer.class)).hasValue(5);
    assertThat(Headers.as("n", 5L, int.class)).hasValue(5);
    assertThat(Headers.as("n", 5, Short.class)).hasValue((short) 5);
    assertThat(Headers.as("n", 5, Double.class)).hasValue(5.0);
    assertThat(Headers.as("n", 5, BigDecimal.class)).hasValue(BigDecimal.valueOf(5));
    assertThatThrownBy(() -> Headers.as("n", 5_000_000_000L, Integer.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("WARREN-210 header 'n' is a java.lang.Long");
  }

  @Test
  void otherValuesMustBeOfTheType() {
    assertThat(Headers.as("s", "x", String.class)).hasValue("x");
    assertThat(Headers.as("s", "x", Object.class)).hasValue("x");
    assertThat(Headers.as("s", null, String.class)).isEmpty();
    assertThat(Headers.as("d", new Date(1000), Instant.class)).hasValue(Instant.ofEpochSecond(1));
    assertThatThrownBy(() -> Headers.as("s", "5", Integer.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "WARREN-210 header 's' is a java.lang.String, not a java.lang.Integer; read it as"
                + " java.lang.String (or Object), or have the sender write a java.lang.Integer");
  }

  @Test
  void xDeathBecomesRecordsMostRecentFirst() {
    Map<String, Object> raw =
        Map.of(
            "x-death",
            List.of(
                Map.of(
                    "queue", text("orders.retry"),
                    "reason", text("expired"),
                    "count", 2L,
                    "exchange", text(""),
                    "routing-keys", List.of(text("orders.retry")),
                    "time", new Date(2000)),
                Map.of("queue", text("orders"), "reason", text("rejected"), "count", 1L)));

    List<Delivery.Death> deaths = Headers.deaths(Headers.plain(raw));

    assertThat(deaths)
        .containsExactly(
            new Delivery.Death(
                "orders.retry",
                "expired",
                2,
                "",
                List.of("orders.retry"),
                Instant.ofEpochSecond(2)),
            new Delivery.Death("orders", "rejected", 1, null, List.of(), null));
    assertThat(Headers.deaths(Map.of())).isEmpty();
  }
}
