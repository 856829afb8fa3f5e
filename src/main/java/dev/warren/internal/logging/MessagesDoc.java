package dev.warren.internal.logging;

import java.util.List;

/**
 * Writes {@code docs/messages.md} from the entries: every id with its level, area, what the text
 * says and what to do. {@code MessageCatalogueTest} (and the test kit's {@code TestKitMessagesTest}
 * for its section) fail when the file is not what this writes.
 */
public final class MessagesDoc {

  /** The line the test kit's section starts with. */
  public static final String KIT_HEADING = heading(MessageArea.TEST_KIT);

  private MessagesDoc() {}

  /**
   * The whole page.
   *
   * @param kit the test kit's entries (they live in the test kit module)
   */
  public static String page(List<Message> kit) {
    StringBuilder page = new StringBuilder();
    page.append("# Message ids\n\n")
        .append("Every message Warren logs at WARN or above, every deployment problem and the")
        .append(" exceptions listed here start with a stable id, `WARREN-` and three digits (two")
        .append(" INFO lines at startup and the exception of a call after shutdown have none). An")
        .append(" id is never reused: a retired message keeps its number. In the texts below,")
        .append(" `{name}` stands for a part that the message fills in. Warren's loggers are named")
        .append(" after its internal classes, which can move between versions: configure logging")
        .append(" for `dev.warren` as a whole.\n\n")
        .append("Levels: **ERROR**, **WARN** and **INFO** are logged (java.util.logging SEVERE,")
        .append(" WARNING and INFO); **PROBLEM** is a deployment problem, reported with the others")
        .append(" in one `WARREN-001` DeploymentException (or by the annotation processor as a")
        .append(" compile error), and the application does not start; **THROWN** is the message")
        .append(" of an exception thrown to the calling code.\n\n")
        .append("This page is generated from the message entries; to regenerate it after changing")
        .append(
            " one, run `mvn -B -o test -Dtest=MessageCatalogueTest -Dwarren.messages.write=true`")
        .append(" (the test kit's section: the same in `warren-test/` with")
        .append(" `-Dtest=TestKitMessagesTest`).\n\n")
        .append("## Areas\n\n")
        .append("| Area | Ids | Older ids outside the range | What |\n")
        .append("|---|---|---|---|\n");
    for (MessageArea area : MessageArea.values()) {
      page.append("| ")
          .append(area.name())
          .append(" | ")
          .append(area.range())
          .append(" | ")
          .append(
              area.exceptions().isEmpty()
                  ? "none"
                  : String.join(
                      ", ", area.exceptions().stream().map(n -> String.format("%03d", n)).toList()))
          .append(" | ")
          .append(area.title())
          .append(" |\n");
    }
    for (MessageArea area : MessageArea.values()) {
      page.append('\n').append(section(area, area == MessageArea.TEST_KIT ? kit : area.entries()));
    }
    return page.toString();
  }

  /** The section of one area: its heading and its table. */
  public static String section(MessageArea area, List<Message> entries) {
    StringBuilder section =
        new StringBuilder(heading(area))
            .append("\n\n| Id | Level | Message | What to do |\n|---|---|---|---|\n");
    for (Message entry : entries) {
      String toDo = entry.whatToDo();
      if (toDo == null) {
        toDo = entry.level() == Message.Level.INFO ? "nothing: for information" : "see the message";
      }
      section
          .append("| ")
          .append(entry.id())
          .append(" | ")
          .append(entry.level())
          .append(" | ")
          .append(cell(entry.summary()))
          .append(" | ")
          .append(cell(toDo))
          .append(" |\n");
    }
    return section.toString();
  }

  private static String heading(MessageArea area) {
    return "## " + area.name() + ": " + area.title() + " (" + area.range() + ")";
  }

  private static String cell(String text) {
    return text.strip().replace("|", "\\|").replace("\n", " ");
  }
}
