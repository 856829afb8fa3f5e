package dev.warren.internal.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * STYLE: every user-visible message is an entry with a stable id, never reused, in its area's range
 * (or listed as one of its exceptions), and {@code docs/messages.md} lists them all.
 */
class MessageCatalogueTest {

  private static final Path DOC = Path.of("docs/messages.md");

  private static List<Message> all() {
    List<Message> all = new ArrayList<>();
    for (MessageArea area : MessageArea.values()) {
      all.addAll(area.entries());
    }
    return all;
  }

  @Test
  void everyIdBelongsToExactlyOneEntry() {
    Map<Integer, Message> byNumber = new HashMap<>();
    List<String> reused = new ArrayList<>();
    for (Message entry : all()) {
      Message other = byNumber.put(entry.number(), entry);
      if (other != null) {
        reused.add(entry.id());
      }
    }
    // guards against a scan that finds nothing and so passes vacuously
    assertThat(byNumber).containsKeys(1, 4, 12, 271);
    assertThat(reused).as("ids used by more than one entry").isEmpty();
  }

  @Test
  void everyEntryIsInItsAreasRangeOrListedAsAnException() {
    for (MessageArea area : MessageArea.values()) {
      for (Message entry : area.entries()) {
        assertThat(area.holds(entry.number())).as(entry.id() + " in area " + area).isTrue();
      }
    }
  }

  @Test
  void theRangesDoNotOverlapAndEachExceptionHasOneArea() {
    for (MessageArea a : MessageArea.values()) {
      assertThat(a.first()).as(a + " range").isLessThanOrEqualTo(a.last());
      for (MessageArea b : MessageArea.values()) {
        if (a != b) {
          assertThat(a.last() < b.first() || b.last() < a.first()).as(a + " and " + b).isTrue();
          for (int exception : b.exceptions()) {
            assertThat(a.exceptions()).as(a + " and " + b).doesNotContain(exception);
          }
          for (int exception : a.exceptions()) {
            // an exception inside another area's range stays with its own area
            assertThat(b.entries().stream().map(Message::number)).doesNotContain(exception);
          }
        }
      }
    }
  }

  @Test
  void everyEntryHasALevelAndAText() {
    for (Message entry : all()) {
      assertThat(entry.level()).as(entry.id()).isNotNull();
      assertThat(entry.summary()).as(entry.id()).isNotBlank();
      assertThat(entry.template().chars().filter(c -> c == '|').count())
          .as(entry.id() + ": at most one advice mark")
          .isLessThanOrEqualTo(1);
      String[] parts = new String[entry.parts().size()];
      java.util.Arrays.fill(parts, "x");
      assertThat(entry.text((Object[]) parts))
          .startsWith(entry.id() + " ")
          .doesNotContain("{", "|");
    }
  }

  @Test
  void aLoggedEntryLogsAtItsLevelAndATextOnlyEntryRefusesToBeLogged() {
    List<java.util.logging.LogRecord> records = new ArrayList<>();
    java.util.logging.Logger log = java.util.logging.Logger.getAnonymousLogger();
    log.setUseParentHandlers(false);
    log.addHandler(
        new java.util.logging.Handler() {
          @Override
          public void publish(java.util.logging.LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });

    ReplyMessages.noReplyTo(log, "c", "q", 7);

    assertThat(records).hasSize(1);
    assertThat(records.get(0).getLevel()).isEqualTo(java.util.logging.Level.WARNING);
    assertThat(records.get(0).getMessage()).startsWith("WARREN-076 consumer 'c': delivery 7");
    assertThat(records.get(0).getSourceClassName()).isEqualTo(getClass().getName());
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> StartupMessages.INVALID_CONFIG.log(log, "k", "v", "why"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void messagesStartWithTheirId() {
    assertThat(StartupMessages.invalidConfig("warren.uri", "x", "why")).startsWith("WARREN-004 ");
    assertThat(DeclarationMessages.noPayload("c", "A#m")).startsWith("WARREN-010 ");
  }

  @Test
  void theFirstLineOfADeploymentFailureSaysWhatWentWrong() {
    String one =
        StartupMessages.deploymentFailed(List.of("WARREN-016 consumer 'a' (A#m): queue 'a' ..."));
    String two =
        StartupMessages.deploymentFailed(
            List.of("WARREN-016 consumer 'a' ...", "WARREN-005 consumer 'b' ...", "WARREN-016 c"));

    assertThat(one)
        .isEqualTo(
            "WARREN-001 Warren found 1 deployment problem: WARREN-016 consumer 'a' (A#m): queue"
                + " 'a' ...");
    assertThat(two.lines().findFirst())
        .hasValue("WARREN-001 Warren found 3 deployment problems (WARREN-016, WARREN-005):");
    assertThat(two.lines()).hasSize(4);
  }

  /**
   * docs/messages.md is what the entries say. To regenerate it: {@code mvn -B -o test
   * -Dtest=MessageCatalogueTest -Dwarren.messages.write=true} (the test kit's section is kept as it
   * is: the test kit's own TestKitMessagesTest checks and writes it).
   */
  @Test
  void docsMessagesListsEveryEntry() throws IOException {
    String current = Files.exists(DOC) ? Files.readString(DOC) : "";
    String expected = MessagesDoc.page(List.of());
    // the test kit's section as the file has it (its rows come from the test kit)
    int kit = current.indexOf(MessagesDoc.KIT_HEADING);
    if (kit >= 0) {
      int next = current.indexOf("\n## ", kit + 1);
      String kept = current.substring(kit, next < 0 ? current.length() : next + 1);
      int at = expected.indexOf(MessagesDoc.KIT_HEADING);
      int end = expected.indexOf("\n## ", at + 1);
      expected = expected.substring(0, at) + kept + (end < 0 ? "" : expected.substring(end + 1));
    }
    if (Boolean.getBoolean("warren.messages.write")) {
      Files.writeString(DOC, expected);
    }
    assertThat(current)
        .as(
            "docs/messages.md is out of date: run mvn -B -o test -Dtest=MessageCatalogueTest"
                + " -Dwarren.messages.write=true")
        .isEqualTo(expected);
  }
}
