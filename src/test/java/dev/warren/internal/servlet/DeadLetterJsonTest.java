package dev.warren.internal.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.DeadLetterReport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeadLetterJsonTest {

  private static final byte[] TEXT = "{\"id\":\"é\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void aTextualBodyThatIsUtf8IsAlsoGivenAsText() {
    assertThat(DeadLetterJson.text("application/json", TEXT)).isEqualTo("{\"id\":\"é\"}");
    assertThat(DeadLetterJson.text("text/plain; charset=utf-8", TEXT)).isNotNull();
    assertThat(DeadLetterJson.text("application/vnd.shop+json", TEXT)).isNotNull();
    assertThat(DeadLetterJson.text(null, TEXT)).isNotNull();
  }

  @Test
  void aBinaryContentTypeOrInvalidUtf8IsNotText() {
    assertThat(DeadLetterJson.text("application/octet-stream", TEXT)).isNull();
    assertThat(DeadLetterJson.text("application/x-protobuf", TEXT)).isNull();
    assertThat(DeadLetterJson.text("text/plain", new byte[] {(byte) 0xC3, (byte) 0x28})).isNull();
  }

  @Test
  void stringsAreEscapedSoThatNoneEndsTheJsonOrMakesMarkup() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("a", "quote \" back \\ line\n <script>&\u0001");
    tree.put("b", Arrays.asList(1, 2L, 1.5, true, null, new byte[] {1, 2}));

    assertThat(DeadLetterJson.write(tree))
        .isEqualTo(
            "{\"a\":\"quote \\\" back \\\\ line\\n \\u003cscript\\u003e\\u0026\\u0001\","
                + "\"b\":[1,2,1.5,true,null,\"AQI=\"]}\n");
  }

  @Test
  void aReportHasItsCountsIdsAndFailures() {
    List<String> ids = new ArrayList<>();
    ids.add("m1");
    ids.add(null);
    DeadLetterReport report =
        new DeadLetterReport(
            "payments.dlq",
            false,
            5,
            2,
            1,
            ids,
            List.of(new DeadLetterReport.Failure(null, "payments", "312 NO_ROUTE")),
            Duration.ofMillis(42));

    assertThat(DeadLetterJson.report("op", "replay", "queue 'payments.dlq'", report))
        .isEqualTo(
            "{\"user\":\"op\",\"operation\":\"replay\",\"query\":\"queue 'payments.dlq'\","
                + "\"queue\":\"payments.dlq\",\"dryRun\":false,\"examined\":5,\"selected\":2,"
                + "\"done\":1,\"selectedIds\":[\"m1\",null],\"failed\":[{\"messageId\":null,"
                + "\"target\":\"payments\",\"why\":\"312 NO_ROUTE\"}],\"tookMillis\":42}\n");
  }
}
