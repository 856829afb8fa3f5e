package dev.warren.internal.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** STYLE: every user-visible message has a stable id, kept in one catalogue, never reused. */
class MessagesTest {

  private static final Path CATALOGUE =
      Path.of("src/main/java/dev/warren/internal/logging/Messages.java");

  private static final Pattern METHOD = Pattern.compile("public static String (\\w+)\\(");
  private static final Pattern ID = Pattern.compile("WARREN-\\d{3}");

  /** Each id of the catalogue, with the methods whose body mentions it. */
  private static Map<String, List<String>> methodsById() throws IOException {
    String source = Files.readString(CATALOGUE);
    Matcher methods = METHOD.matcher(source);
    List<Integer> starts = new ArrayList<>();
    List<String> names = new ArrayList<>();
    while (methods.find()) {
      starts.add(methods.start());
      names.add(methods.group(1));
    }
    Map<String, List<String>> result = new TreeMap<>();
    for (int i = 0; i < starts.size(); i++) {
      int end = i + 1 < starts.size() ? starts.get(i + 1) : source.length();
      Matcher ids = ID.matcher(source.substring(starts.get(i), end));
      while (ids.find()) {
        List<String> owners = result.computeIfAbsent(ids.group(), id -> new ArrayList<>());
        if (!owners.contains(names.get(i))) {
          owners.add(names.get(i));
        }
      }
    }
    return result;
  }

  @Test
  void everyIdBelongsToExactlyOneMessage() throws IOException {
    Map<String, List<String>> methodsById = methodsById();

    // guards against a scan that finds nothing and so passes vacuously
    assertThat(methodsById).containsKeys("WARREN-001", "WARREN-004", "WARREN-012");
    Map<String, List<String>> reused =
        methodsById.entrySet().stream()
            .filter(e -> e.getValue().size() > 1)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    assertThat(reused).as("ids used by more than one message").isEmpty();
  }

  @Test
  void everyMessageHasAnId() throws IOException {
    String source = Files.readString(CATALOGUE);
    Matcher methods = METHOD.matcher(source);
    List<String> names = new ArrayList<>();
    while (methods.find()) {
      names.add(methods.group(1));
    }
    List<String> withId =
        methodsById().values().stream().flatMap(List::stream).collect(Collectors.toList());

    assertThat(names).isNotEmpty();
    assertThat(withId).as("messages with an id").containsExactlyInAnyOrderElementsOf(names);
  }

  @Test
  void messagesStartWithTheirId() {
    assertThat(Messages.invalidConfig("warren.uri", "x", "why")).startsWith("WARREN-004 ");
    assertThat(Messages.noPayload("c", "A#m")).startsWith("WARREN-010 ");
  }

  @Test
  void theFirstLineOfADeploymentFailureSaysWhatWentWrong() {
    String one = Messages.deploymentFailed(List.of("WARREN-016 consumer 'a' (A#m): queue 'a' ..."));
    String two =
        Messages.deploymentFailed(
            List.of("WARREN-016 consumer 'a' ...", "WARREN-005 consumer 'b' ...", "WARREN-016 c"));

    assertThat(one)
        .isEqualTo(
            "WARREN-001 Warren found 1 deployment problem: WARREN-016 consumer 'a' (A#m): queue"
                + " 'a' ...");
    assertThat(two.lines().findFirst())
        .hasValue("WARREN-001 Warren found 3 deployment problems (WARREN-016, WARREN-005):");
    assertThat(two.lines()).hasSize(4);
  }
}
