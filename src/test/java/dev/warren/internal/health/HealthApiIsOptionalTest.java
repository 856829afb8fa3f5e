package dev.warren.internal.health;

import static dev.warren.internal.ClassReferences.classesNamingOutside;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The MicroProfile Health API is optional: only this package names it, and only the extension names
 * this package (it adds the checks after finding the API). So without the API no class that needs
 * it is ever loaded.
 */
class HealthApiIsOptionalTest {

  private static final String PACKAGE = "dev/warren/internal/health/";

  @Test
  void onlyTheHealthPackageNamesTheApi() throws IOException {
    assertThat(classesNamingOutside("org/eclipse/microprofile/health/", PACKAGE)).isEmpty();
  }

  @Test
  void onlyTheExtensionNamesTheHealthPackage() throws IOException {
    assertThat(
            classesNamingOutside(
                PACKAGE, PACKAGE, "dev/warren/internal/extension/WarrenExtension.class"))
        .isEmpty();
  }
}
