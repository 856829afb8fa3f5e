package dev.warren.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} block of README.md and docs/*.md is code that compiles: it appears verbatim
 * (whitespace aside) in a compiled source, the samples in this package, the quick start or the
 * example application (both built by test.sh).
 */
class DocSamplesTest {

  private static final List<Path> SOURCES =
      List.of(
          Path.of("src/test/java/dev/warren/docs"),
          Path.of("examples/quickstart/src/main/java"),
          Path.of("examples/orders-war/src"));

  record Block(Path file, int line, String code) {}

  static List<Path> documents() throws IOException {
    List<Path> documents = new ArrayList<>();
    documents.add(Path.of("README.md"));
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    return documents;
  }

  static List<Block> javaBlocks(Path document) throws IOException {
    List<Block> blocks = new ArrayList<>();
    List<String> lines = Files.readAllLines(document);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("```java")) {
        int start = i + 1;
        StringBuilder code = new StringBuilder();
        i++;
        while (i < lines.size() && !lines.get(i).strip().equals("```")) {
          code.append(lines.get(i)).append('\n');
          i++;
        }
        blocks.add(new Block(document, start, code.toString()));
      }
    }
    return blocks;
  }

  static String withoutWhitespace(String text) {
    return text.replaceAll("\\s+", "");
  }

  static List<String> compiledSources() throws IOException {
    List<String> sources = new ArrayList<>();
    for (Path root : SOURCES) {
      try (Stream<Path> files = Files.walk(root)) {
        files
            .filter(p -> p.toString().endsWith(".java"))
            .forEach(
                p -> {
                  try {
                    sources.add(withoutWhitespace(Files.readString(p)));
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                });
      }
    }
    return sources;
  }

  @Test
  void everyJavaSampleIsCompiledCode() throws IOException {
    List<String> sources = compiledSources();
    List<Block> blocks = new ArrayList<>();
    for (Path document : documents()) {
      blocks.addAll(javaBlocks(document));
    }
    assertThat(blocks).as("java blocks in README.md and docs/").isNotEmpty();
    List<String> missing = new ArrayList<>();
    for (Block block : blocks) {
      String code = withoutWhitespace(block.code());
      if (code.isEmpty() || sources.stream().noneMatch(s -> s.contains(code))) {
        missing.add(block.file() + ":" + block.line());
      }
    }
    assertThat(missing)
        .as(
            "java blocks found in no compiled source (%s); copy them from one, or add the code"
                + " to src/test/java/dev/warren/docs",
            SOURCES)
        .isEmpty();
  }

  @Test
  void theReadmeStaysShort() throws IOException {
    assertThat(Files.readAllLines(Path.of("README.md"))).hasSizeLessThanOrEqualTo(400);
  }
}
