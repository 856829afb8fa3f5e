package dev.warren.internal.servlet;

import static dev.warren.internal.ClassReferences.classesNaming;
import static dev.warren.internal.ClassReferences.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Servlet API is optional: only the classes of this package name it, nothing outside names this
 * package, and a servlet container is what loads it (through {@code META-INF/services}). So on Weld
 * SE without the Servlet API no class that needs it is ever loaded. Reads the compiled classes'
 * constant pools, where every class a class refers to is named.
 */
class ServletApiIsOptionalTest {

  private static final String PACKAGE = "dev/warren/internal/servlet/";

  @Test
  void onlyTheServletPackageNamesTheServletApi() throws IOException {
    List<String> naming = classesNaming("jakarta/servlet/");

    assertThat(naming).isNotEmpty(); // the scan sees the servlet classes, so it can fail
    assertThat(naming).allSatisfy(c -> assertThat(c).startsWith(PACKAGE));
  }

  @Test
  void nothingOutsideTheServletPackageNamesIt() throws IOException {
    assertThat(classesNaming(PACKAGE))
        .isNotEmpty()
        .allSatisfy(c -> assertThat(c).startsWith(PACKAGE));
  }

  @Test
  void theInitializersAreRegisteredForServletContainers() throws IOException {
    Path services = compiled("META-INF/services/jakarta.servlet.ServletContainerInitializer");

    assertThat(Files.readAllLines(services))
        .containsExactly(
            AsyncApiInitializer.class.getName(), DeadLetterHttpInitializer.class.getName());
  }
}
