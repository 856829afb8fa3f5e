package dev.warren.ee.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A WildFly of the fault run's own, outside Arquillian (which cannot survive a {@code kill -9}): a
 * copy of the unpacked server's {@code standalone/} (with the PostgreSQL datasource the build
 * added) as its base directory, the application dropped into its deployment scanner's folder, and
 * the server process started, killed and stopped by the test (the fault run, the outbox benchmark).
 */
public final class WildFlyProcess {

  private final Path home;
  private final Path base;
  private final int portOffset;
  private String name;
  private Process process;

  public WildFlyProcess(Path home, Path base, int portOffset) {
    this.home = home;
    this.base = base;
    this.portOffset = portOffset;
  }

  /** A fresh base directory: the server's configuration, nothing deployed, no data. */
  public void prepare() throws IOException {
    if (Files.exists(base)) {
      try (Stream<Path> paths = Files.walk(base)) {
        for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    Path from = home.resolve("standalone/configuration");
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : paths.toList()) {
        Path to = base.resolve("configuration").resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(to);
        } else {
          Files.copy(path, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    Files.createDirectories(base.resolve("deployments"));
  }

  /** Puts {@code war} where the deployment scanner deploys it at the next start. */
  public void deploy(WebArchive war) {
    name = war.getName();
    war.as(ZipExporter.class).exportTo(base.resolve("deployments").resolve(name).toFile(), true);
  }

  /** Starts the server and waits until the scanner has deployed the application. */
  public void start(Duration within) throws IOException, InterruptedException {
    Path deployed = base.resolve("deployments").resolve(name + ".deployed");
    Path failed = base.resolve("deployments").resolve(name + ".failed");
    // after a kill the markers of the last run are still there: the scanner writes them again
    Files.deleteIfExists(deployed);
    Files.deleteIfExists(failed);
    process =
        new ProcessBuilder(
                home.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + portOffset,
                "-Djava.net.preferIPv4Stack=true")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(base.resolve("console.log").toFile()))
            .start();
    long deadline = System.nanoTime() + within.toNanos();
    while (!Files.exists(deployed)) {
      if (Files.exists(failed)) {
        throw new IllegalStateException(
            "the application '" + name + "' failed to deploy: " + Files.readString(failed));
      }
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "WildFly exited with " + process.exitValue() + "; see " + base.resolve("console.log"));
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "WildFly did not deploy the application within " + within + "; see " + base);
      }
      Thread.sleep(100);
    }
  }

  /** {@code kill -9} of the server's JVM (and the script that started it). */
  public void kill() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor();
  }

  /** Stops the server as an operator does (SIGTERM to its JVM: a graceful shutdown). */
  public void stop() throws InterruptedException {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.descendants().forEach(ProcessHandle::destroy);
    if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
      kill();
    }
  }

  /** The port of the server's HTTP listener (8080 shifted by the offset). */
  public int httpPort() {
    return 8080 + portOffset;
  }

  public Path log() {
    return base.resolve("log/server.log");
  }
}
