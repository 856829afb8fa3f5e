package dev.warren.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source file over 500 lines: past that a class has usually taken a second role. Split it
 * by role (see CONTRIBUTING.md, "Packages"), not by cutting at the limit.
 */
class ClassSizeTest {

  static final int LIMIT = 500;

  @Test
  void noMainSourceFileIsOverTheLimit() throws IOException {
    Path main = Path.of("src/main/java");
    List<String> tooLong;
    List<Path> files;
    try (Stream<Path> walk = Files.walk(main)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).toList();
    }
    tooLong =
        files.stream()
            .filter(p -> lines(p) > LIMIT)
            .map(p -> main.relativize(p) + " (" + lines(p) + " lines)")
            .toList();
    assertThat(files).as("the main sources were found").hasSizeGreaterThan(100);
    assertThat(tooLong).as("main source files over %d lines", LIMIT).isEmpty();
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException e) {
      throw new IllegalStateException(file.toString(), e);
    }
  }
}
