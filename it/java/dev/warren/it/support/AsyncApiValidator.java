package dev.warren.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates documents against the official AsyncAPI 3.0.0 JSON Schema of the npm package
 * {@code @asyncapi/specs} 6.11.1 with Ajv 8 (the validator AsyncAPI's own tools use, and the one
 * the schemas are tested with), then with AsyncAPI's parser ({@code @asyncapi/parser} 3.6.3, on the
 * same schemas), which also checks the rules a schema cannot express, such as references that
 * resolve and operations whose messages belong to their channel. The tools are pinned by {@code
 * it/asyncapi/package-lock.json} and installed with {@code npm ci} (no install scripts) into {@code
 * target/asyncapi-tools} on first use.
 */
public final class AsyncApiValidator {

  private static final Path SOURCE = Path.of("it/asyncapi");
  private static final Path TOOLS = Path.of("target/asyncapi-tools");
  private static final String INSTALL =
      "install Node.js and npm (Debian: apt-get install -y nodejs npm; .ci/run does it)";
  private static boolean installed;

  private AsyncApiValidator() {}

  /** Installs the tools once per JVM, again when the lock file changed. */
  private static synchronized Path tools() {
    if (!installed) {
      boolean current;
      try {
        Path lock = TOOLS.resolve("package-lock.json");
        current =
            Files.exists(lock)
                && Files.readString(lock)
                    .equals(Files.readString(SOURCE.resolve("package-lock.json")))
                && Files.exists(TOOLS.resolve("node_modules/@asyncapi/parser/package.json"));
        Files.createDirectories(TOOLS);
        for (String file : List.of("package.json", "package-lock.json", "validate.mjs")) {
          Files.copy(
              SOURCE.resolve(file), TOOLS.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (!current) {
        Tools.Run npm =
            Tools.run(
                TOOLS,
                300,
                INSTALL,
                "npm",
                "ci",
                "--ignore-scripts",
                "--no-audit",
                "--no-fund",
                "--loglevel=error");
        assertThat(npm.exitCode()).as("npm ci: %s", npm).isZero();
      }
      installed = true;
    }
    return TOOLS;
  }

  /** Fails unless every file is a valid AsyncAPI 3.0.0 document. */
  public static void assertValidDocuments(List<Path> documents) {
    assertThat(documents).isNotEmpty();
    List<String> command = new ArrayList<>(List.of("node", "validate.mjs", "document"));
    documents.forEach(d -> command.add(d.toAbsolutePath().toString()));
    Tools.Run node = Tools.run(tools(), 120, INSTALL, command.toArray(String[]::new));
    if (node.exitCode() != 0) {
      fail("not valid AsyncAPI 3.0.0:\n" + node);
    }
    // one "ok" line per document: a run that checked nothing cannot pass
    assertThat(node.output().lines().filter(l -> l.startsWith("ok ")).count())
        .as(node.toString())
        .isEqualTo(documents.size());
  }

  /** Fails unless the text is a valid AsyncAPI 3.0.0 document. */
  public static void assertValidDocument(String json) {
    assertValidDocuments(List.of(temporary(json)));
  }

  /**
   * Fails unless {@code instance} has exactly the properties the payload schema of message {@code
   * message} in {@code document} documents, each valid (see {@code it/asyncapi/validate.mjs}).
   */
  public static void assertExactPayload(Path document, String message, String instance) {
    Tools.Run node =
        Tools.run(
            tools(),
            120,
            INSTALL,
            "node",
            "validate.mjs",
            "payload",
            document.toAbsolutePath().toString(),
            message,
            temporary(instance).toAbsolutePath().toString());
    if (node.exitCode() != 0 || !node.output().startsWith("ok ")) {
      fail("message '" + message + "' does not match " + instance + ":\n" + node);
    }
  }

  private static Path temporary(String text) {
    try {
      Path file =
          Files.createTempFile(Files.createDirectories(TOOLS.resolve("work")), "doc", ".json");
      Files.writeString(file, text);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
