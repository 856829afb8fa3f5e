package dev.warren.it.support;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the external programs some tests need (npm, node, chromium). A missing program fails the
 * test with what to install: these tests must never pass by skipping.
 */
public final class Tools {

  private Tools() {}

  /**
   * What a finished program printed and its exit code.
   *
   * @param output its standard output
   * @param errors its standard error
   */
  public record Run(int exitCode, String output, String errors) {
    @Override
    public String toString() {
      return "exit code " + exitCode + "\n" + output + "\n" + errors;
    }
  }

  /**
   * Runs {@code command} in {@code directory}, waiting at most {@code timeoutSeconds}.
   *
   * @param install what to install when the program is missing, for the failure message
   */
  public static Run run(Path directory, long timeoutSeconds, String install, String... command) {
    List<String> line = new ArrayList<>(List.of(command));
    Process process;
    Path errors;
    try {
      errors = Files.createTempFile(Files.createDirectories(directory), "stderr", ".txt");
      process =
          new ProcessBuilder(line)
              .directory(directory.toFile())
              .redirectError(errors.toFile())
              .start();
    } catch (IOException e) {
      return fail("'" + command[0] + "' cannot be started (" + e.getMessage() + "); " + install);
    }
    try {
      // read while it runs: a full pipe would block the program
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return fail("'" + String.join(" ", line) + "' did not finish in " + timeoutSeconds + " s");
      }
      return new Run(
          process.exitValue(),
          new String(output, StandardCharsets.UTF_8),
          Files.readString(errors, StandardCharsets.UTF_8));
    } catch (IOException e) {
      process.destroyForcibly();
      return fail("reading the output of '" + command[0] + "' failed: " + e);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return fail("interrupted while '" + command[0] + "' ran");
    }
  }

  /** Whether a thread of this JVM is in {@code method} ({@code Class.method}) right now. */
  public static boolean someThreadIn(String method) {
    return Thread.getAllStackTraces().values().stream()
        .flatMap(java.util.Arrays::stream)
        .anyMatch(frame -> (frame.getClassName() + "." + frame.getMethodName()).endsWith(method));
  }
}
