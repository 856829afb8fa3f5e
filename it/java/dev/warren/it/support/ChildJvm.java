package dev.warren.it.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class of the test classes in a JVM of its own, with the test JVM's class path, its
 * logging config and the test broker's port, and collects every line it prints. For tests that kill
 * a service or give it JVM settings of its own (a trust store).
 */
public final class ChildJvm {

  private ChildJvm() {}

  /**
   * Starts {@code main} with {@code jvmOptions} and {@code args}; its stdout and stderr lines are
   * added to {@code lines} as they come.
   */
  public static Process start(
      Class<?> main, List<String> jvmOptions, List<String> args, List<String> lines)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(
        "-Djava.util.logging.config.file="
            + System.getProperty("java.util.logging.config.file", ""));
    command.add("-D" + Broker.PORT_PROPERTY + "=" + Broker.PORT);
    command.addAll(jvmOptions);
    command.add(main.getName());
    command.addAll(args);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  lines.add(line);
                }
              } catch (IOException e) {
                // the process ended
              }
            });
    reader.setDaemon(true);
    reader.start();
    return process;
  }
}
