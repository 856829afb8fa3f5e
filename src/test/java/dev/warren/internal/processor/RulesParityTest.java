package dev.warren.internal.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.extension.TestDeployments;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The annotation processor and deployment validation run the same rules (ConsumerRules) with the
 * same defaults: one class with a mistake per method, compiled with the processor, and compiled
 * without it and validated as at deployment, comes to the same messages.
 */
class RulesParityTest {

  private static final String SOURCE =
      """
      package com.acme;

      import dev.warren.Binding;
      import dev.warren.DelayedRetryType;
      import dev.warren.Delivery;
      import dev.warren.Outcome;
      import dev.warren.QueueType;
      import dev.warren.RabbitConsumer;
      import dev.warren.RetryPublisher;
      import java.util.List;

      public class Mistakes {
        @RabbitConsumer(queue = " ")
        public Outcome blank(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "a", maxAttempts = -1)
        public Outcome negativeCap(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "b", prefetch = 0)
        public Outcome noPrefetch(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "c", concurrency = 0)
        public Outcome noConcurrency(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "d", batchSize = 0)
        public Outcome noBatch(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "e", batchSize = 300)
        public Outcome batchOverDefaultPrefetch(List<String> bodies) { return Outcome.ack(); }

        @RabbitConsumer(queue = "f", batchWait = "0s")
        public Outcome zeroWait(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "g", batchWait = "soon")
        public Outcome noDuration(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "h", queueType = QueueType.QUORUM, maxAttempts = 3)
        public Outcome halfPair(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "i", queueType = QueueType.QUORUM, deadLetter = "i.dlq")
        public Outcome otherHalf(String body) { return Outcome.ack(); }

        @RabbitConsumer(
            queue = "j",
            queueType = QueueType.QUORUM,
            retryPublisher = @RetryPublisher(exchange = "retries"))
        public Outcome retryPublisherOnQuorum(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "k")
        public Outcome noPayload(Delivery delivery) { return Outcome.ack(); }

        @RabbitConsumer(
            queue = "m",
            queueType = QueueType.QUORUM,
            delayedRetryType = DelayedRetryType.DISABLED,
            delayedRetryMin = "1s")
        public Outcome holdOnDisabledBackOff(String body) { return Outcome.ack(); }

        @RabbitConsumer(
            queue = "n",
            delayedRetryType = DelayedRetryType.FAILED,
            delayedRetryMin = "1ms",
            delayedRetryMax = "1ms")
        public Outcome backOffOnClassic(String body) { return Outcome.ack(); }

        @RabbitConsumer(
            queue = "o",
            queueType = QueueType.QUORUM,
            delayedRetryType = DelayedRetryType.FAILED,
            delayedRetryMin = "500ms",
            delayedRetryMax = "100ms")
        public Outcome maxBelowMin(String body) { return Outcome.ack(); }

        @RabbitConsumer(
            queue = "p",
            partitions = 2,
            concurrency = 3,
            bindings = @Binding(exchange = "shop", routingKeys = "#"))
        public Outcome partitionsOnClassicInParallelAndBound(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "q", queueType = QueueType.QUORUM, partitions = 300)
        public Outcome tooManyPartitions(String body) { return Outcome.ack(); }

        @RabbitConsumer(queue = "l", name = "named", batchSize = 2, batchWait = "1s")
        public Outcome good(List<String> bodies, List<Delivery> deliveries) {
          return Outcome.ack();
        }
      }
      """;

  @TempDir Path classes;

  @Test
  void theProcessorAndDeploymentReportTheSameMistakesWithTheSameTexts() throws Exception {
    List<String> atCompileTime = compile(true);
    assertThat(atCompileTime).hasSize(19);
    assertThat(compile(false)).isEmpty();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> mistakes = loader.loadClass("com.acme.Mistakes");
      List<String> atDeployment = TestDeployments.problems(Map.of(), new ArrayList<>(), mistakes);
      assertThat(atDeployment).containsExactlyInAnyOrderElementsOf(atCompileTime);
    }
  }

  /**
   * The processor runs inside the application's javac, where the CDI API and the RabbitMQ client
   * need not be on the processor path: a javac of its own, given only Warren's classes as its
   * processor path, reports the same.
   */
  @Test
  void theProcessorNeedsOnlyTheJdkAndWarrensOwnClasses() throws Exception {
    String warren =
        Path.of(
                RabbitConsumerProcessor.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI())
            .toString();
    Path source = Files.createDirectories(classes.resolve("src")).resolve("Mistakes.java");
    Files.writeString(source, SOURCE);
    Process javac =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "-classpath",
                warren,
                "-processorpath",
                warren,
                "-processor",
                RabbitConsumerProcessor.class.getName(),
                "-XDrawDiagnostics",
                "-d",
                classes.resolve("out").toString(),
                source.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(javac.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(javac.waitFor()).isNotZero();
    assertThat(output).doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
    for (String message : compile(true)) {
      assertThat(output).contains(message);
    }
  }

  /** The error messages of compiling {@link #SOURCE}, with or without Warren's processor. */
  private List<String> compile(boolean processor) throws IOException {
    return compile(processor ? null : List.of("-proc:none"));
  }

  /**
   * The error messages of compiling {@link #SOURCE} with {@code options}; {@code null}: with the
   * processor instance given to javac.
   */
  private List<String> compile(List<String> extra) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      JavaFileObject file =
          new SimpleJavaFileObject(
              URI.create("string:///com/acme/Mistakes.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return SOURCE;
            }
          };
      List<String> options =
          new ArrayList<>(
              List.of(
                  "-classpath",
                  System.getProperty("java.class.path"),
                  "-d",
                  classes.toString(),
                  "-parameters"));
      if (extra != null) {
        options.addAll(extra);
      }
      JavaCompiler.CompilationTask task =
          javac.getTask(null, files, diagnostics, options, null, List.of(file));
      if (extra == null) {
        task.setProcessors(List.<Processor>of(new RabbitConsumerProcessor()));
      }
      task.call();
      return diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .map(d -> d.getMessage(Locale.ROOT))
          .toList();
    }
  }
}
