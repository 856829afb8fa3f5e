package dev.warren.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the tool prints on standard output, without a broker. */
class PrinterTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static DeadLetter letter(String exception) {
    return new DeadLetter(
        7,
        "id-7",
        "orders",
        "max-attempts",
        exception,
        Instant.parse("2026-12-01T10:00:00Z"),
        2,
        Map.of(),
        new AMQP.BasicProperties(),
        new byte[0]);
  }

  @Test
  void browseLinesAreTabSeparatedWithoutTabsOrLineBreaksInsideACell() {
    new Printer(out, false).browse(List.of(letter("x.Boom: line one\n\tline two")));

    assertThat(printed().lines())
        .containsExactly(
            Printer.BROWSE_HEADER,
            "7\tid-7\torders\tmax-attempts\t2026-12-01T10:00:00Z\t2\tx.Boom: line one  line two");
  }

  @Test
  void jsonEscapesQuotesBackslashesAndControlCharacters() {
    new Printer(out, true).browse(List.of(letter("x.Boom: \"a\\b\"\n\u0001")));

    assertThat(printed().trim())
        .isEqualTo(
            "[{\"position\":7,\"messageId\":\"id-7\",\"originQueue\":\"orders\",\"reason\":"
                + "\"max-attempts\",\"diedAt\":\"2026-12-01T10:00:00Z\",\"replayed\":2,"
                + "\"exception\":\"x.Boom: \\\"a\\\\b\\\"\\n\\u0001\"}]");
    assertThat(Printer.quote(null)).isEqualTo("null");
  }

  @Test
  void theSummaryGroupsFailuresByReason() {
    List<DeadLetterReport.Failure> failed =
        List.of(
            new DeadLetterReport.Failure("a", "gone", "returned: 312 NO_ROUTE"),
            new DeadLetterReport.Failure("b", "gone", "returned: 312 NO_ROUTE"),
            new DeadLetterReport.Failure(null, null, "no origin queue"));
    new Printer(out, false)
        .report(
            "replay",
            "amqp://ops:****@h:5672/",
            new DeadLetterReport("q", false, 10, 5, 2, List.of(), failed, Duration.ofMillis(1234)));

    assertThat(printed().lines())
        .containsExactly(
            "replay of queue 'q' on amqp://ops:****@h:5672/",
            "  examined  10",
            "  selected  5",
            "  replayed  2",
            "  failed    3",
            "    2: returned: 312 NO_ROUTE to queue 'gone' (a, b)",
            "    1: no origin queue (no message id)",
            "  took      1.23 s");
  }
}
