package dev.warren.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.logging.Message;
import dev.warren.internal.logging.MessageArea;
import dev.warren.internal.logging.MessagesDoc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test kit's messages: ids unique and in the kit's range, and their rows in the docs. */
class TestKitMessagesTest {

  private static final Path DOC = Path.of("../docs/messages.md");

  private static final List<Message> ENTRIES = MessageArea.entriesOf(TestKitMessages.class);

  @Test
  void everyEntryHasAnIdOfTheKitsRangeALevelAndAText() {
    assertThat(ENTRIES).hasSize(5);
    assertThat(ENTRIES.stream().map(Message::number).distinct()).hasSize(ENTRIES.size());
    for (Message entry : ENTRIES) {
      assertThat(MessageArea.TEST_KIT.holds(entry.number())).as(entry.id()).isTrue();
      assertThat(entry.level()).as(entry.id()).isNotNull();
      assertThat(entry.summary()).as(entry.id()).isNotBlank();
      // no id of the library's own areas
      for (MessageArea area : MessageArea.values()) {
        assertThat(area.entries().stream().map(Message::number)).doesNotContain(entry.number());
      }
    }
  }

  /**
   * The test kit's section of docs/messages.md. To regenerate it: {@code mvn -B -o -f
   * warren-test/pom.xml test -Dtest=TestKitMessagesTest -Dwarren.messages.write=true}.
   */
  @Test
  void docsMessagesListsTheKitsEntries() throws IOException {
    String current = Files.readString(DOC);
    int at = current.indexOf(MessagesDoc.KIT_HEADING);
    assertThat(at).as("docs/messages.md has the test kit's section").isNotNegative();
    int next = current.indexOf("\n## ", at + 1);
    String written = current.substring(at, next < 0 ? current.length() : next + 1);
    // the section and the blank line before the next heading
    String section = MessagesDoc.section(MessageArea.TEST_KIT, ENTRIES) + (next < 0 ? "" : "\n");
    if (Boolean.getBoolean("warren.messages.write")) {
      Files.writeString(
          DOC, current.substring(0, at) + section + (next < 0 ? "" : current.substring(next + 1)));
    }
    assertThat(written)
        .as(
            "the test kit's section of docs/messages.md is out of date: run mvn -B -o -f"
                + " warren-test/pom.xml test -Dtest=TestKitMessagesTest"
                + " -Dwarren.messages.write=true")
        .isEqualTo(section);
  }
}
