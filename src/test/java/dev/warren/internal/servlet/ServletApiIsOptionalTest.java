package dev.warren.internal.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Servlet API is optional: only the classes of this package name it, nothing outside names this
 * package, and a servlet container is what loads it (through {@code META-INF/services}). So on Weld
 * SE without the Servlet API no class that needs it is ever loaded. Reads the compiled classes'
 * constant pools, where every class a class refers to is named.
 */
class ServletApiIsOptionalTest {

  private static final Path CLASSES = Path.of("target/classes");
  private static final String PACKAGE = "dev/warren/internal/servlet/";

  private static List<Path> classesNaming(String name) throws IOException {
    byte[] needle = name.getBytes(StandardCharsets.UTF_8);
    List<Path> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(CLASSES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        if (contains(Files.readAllBytes(file), needle)) {
          found.add(CLASSES.relativize(file));
        }
      }
    }
    return found;
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Test
  void onlyTheServletPackageNamesTheServletApi() throws IOException {
    List<Path> naming = classesNaming("jakarta/servlet/");

    assertThat(naming).isNotEmpty(); // the scan sees the servlet classes, so it can fail
    assertThat(naming).allSatisfy(c -> assertThat(c.toString()).startsWith(PACKAGE));
  }

  @Test
  void nothingOutsideTheServletPackageNamesIt() throws IOException {
    assertThat(classesNaming(PACKAGE))
        .isNotEmpty()
        .allSatisfy(c -> assertThat(c.toString()).startsWith(PACKAGE));
  }

  @Test
  void theInitializerIsRegisteredForServletContainers() throws IOException {
    Path services =
        CLASSES.resolve("META-INF/services/jakarta.servlet.ServletContainerInitializer");

    assertThat(Files.readAllLines(services)).containsExactly(AsyncApiInitializer.class.getName());
  }
}
