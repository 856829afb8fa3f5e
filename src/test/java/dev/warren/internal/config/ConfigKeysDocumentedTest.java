package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The configuration reference (docs/configuration.md) lists exactly the keys Warren reads. */
class ConfigKeysDocumentedTest {

  private static final Pattern ROW_KEY = Pattern.compile("^\\| `(warren\\.[^`]+)`");

  private static List<String> documentedKeys() throws IOException {
    List<String> keys = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("docs/configuration.md"))) {
      Matcher m = ROW_KEY.matcher(line);
      if (m.find()) {
        keys.add(m.group(1));
      }
    }
    return keys;
  }

  private static List<String> knownKeys() {
    List<String> keys = new ArrayList<>(WarrenConfig.GLOBAL_KEYS);
    for (String key : WarrenConfig.CONSUMER_KEYS) {
      keys.add(WarrenConfig.CONSUMERS_PREFIX + "<name>." + key);
    }
    return keys;
  }

  @Test
  void configurationReferenceListsEveryKeyAndNoOther() throws IOException {
    assertThat(documentedKeys()).containsExactlyInAnyOrderElementsOf(knownKeys());
  }
}
