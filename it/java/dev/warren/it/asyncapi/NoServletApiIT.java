package dev.warren.it.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.AsyncApiDocument;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Tools;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Warren without the Servlet API, as on Weld SE: a JVM of its own whose class path is the tests'
 * without {@code jakarta.servlet-api} and Undertow deploys a consumer, handles a message and builds
 * the AsyncAPI document. Nothing of Warren's needs the Servlet API unless a servlet container loads
 * its initializer.
 */
@Tag("container")
class NoServletApiIT {

  static final String QUEUE = "warren.it.asyncapi.no-servlet";

  @ApplicationScoped
  public static class Handler {
    static final CountDownLatch HANDLED = new CountDownLatch(1);

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      HANDLED.countDown();
      return Outcome.ack();
    }
  }

  /** Runs in the JVM without the Servlet API; exits 0 when all went well. */
  public static final class Main {
    public static void main(String[] args) throws Exception {
      try {
        Class.forName("jakarta.servlet.ServletContainerInitializer");
        System.out.println("the Servlet API is on the class path");
        System.exit(2);
      } catch (ClassNotFoundException expected) {
        System.out.println("no Servlet API");
      }
      try (WeldContainer container = WeldSe.start(Handler.class)) {
        Broker.get().publish(QUEUE, "hello");
        if (!Handler.HANDLED.await(15, TimeUnit.SECONDS)) {
          System.out.println("the message was not handled");
          System.exit(3);
        }
        System.out.println("handled");
        System.out.println(container.select(AsyncApiDocument.class).get().json());
      }
      System.exit(0);
    }
  }

  @BeforeEach
  void prepare() {
    Broker.get().queue(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    Broker.get().cleanUp();
  }

  /** The tests' class path: failsafe hands it over in its booter jar's manifest. */
  private static List<String> testClassPath() throws IOException {
    List<String> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.contains("surefirebooter")) {
        try (JarFile booter = new JarFile(entry)) {
          for (String url :
              booter.getManifest().getMainAttributes().getValue("Class-Path").split(" ")) {
            if (!url.isBlank()) {
              entries.add(Paths.get(URI.create(url)).toString());
            }
          }
        }
      } else {
        entries.add(entry);
      }
    }
    return entries;
  }

  @Test
  void warrenConsumesAndDocumentsWithoutTheServletApi() throws IOException {
    List<String> all = testClassPath();
    List<String> withoutServlets =
        all.stream()
            .filter(e -> !e.contains("jakarta.servlet-api") && !e.contains("undertow"))
            .toList();
    assertThat(all.size() - withoutServlets.size()).as("servlet jars removed").isGreaterThan(1);

    Tools.Run run =
        Tools.run(
            Path.of("target"),
            120,
            "a JDK",
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            String.join(File.pathSeparator, withoutServlets),
            "-Dwarren.it.broker.port=" + Broker.PORT,
            Main.class.getName());

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.output())
        .startsWith("no Servlet API")
        .contains("handled", "\"asyncapi\": \"3.0.0\"", "\"" + QUEUE + "\": {");
  }
}
