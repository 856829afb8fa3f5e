package dev.warren.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the progress shows on standard error, without a broker. */
class ProgressTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String shown() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void withoutATerminalALineAtEveryTenthAndTheLastConfirms() {
    Progress progress = new Progress(err, false, "replay", "replayed");
    for (long examined = 1; examined <= 1000; examined++) {
      progress.update(examined, 1000, examined / 2, examined / 4);
    }
    progress.update(1000, 1000, 500, 500); // the confirms after the last dead letter
    progress.end();

    assertThat(shown().lines())
        .hasSize(12)
        .startsWith("replay: 0% (1 of 1000 examined, 0 selected, 0 replayed)")
        .contains("replay: 50% (500 of 1000 examined, 250 selected, 125 replayed)")
        .endsWith(
            "replay: 100% (1000 of 1000 examined, 500 selected, 250 replayed)",
            "replay: 100% (1000 of 1000 examined, 500 selected, 500 replayed)");
  }

  @Test
  void onATerminalABarRedrawnInPlaceThatEndsItsLine() {
    Progress progress = new Progress(err, true, "purge", "purged");
    progress.update(1, 4, 1, 0);
    progress.update(4, 4, 4, 4); // the end is always drawn
    progress.end();
    progress.end();

    assertThat(shown())
        .startsWith(
            "\rpurge ["
                + "#".repeat(7)
                + ".".repeat(23)
                + "] 25% 1 of 4 examined, 1 selected, 0 purged")
        .contains("\rpurge [" + "#".repeat(30) + "] 100% 4 of 4 examined, 4 selected, 4 purged")
        .endsWith("   " + System.lineSeparator());
    assertThat(shown().chars().filter(c -> c == '\n')).hasSize(1);
  }

  @Test
  void anEmptyQueueShowsNothing() {
    Progress progress = new Progress(err, false, "count", null);
    progress.update(0, 0, 0, 0);
    progress.end();

    assertThat(shown()).isEmpty();
  }
}
