package dev.warren.internal.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * The annotation processor, run in-process by javac on small sources: mistakes visible in the
 * source fail compilation with the file, the line and the message id; good consumers compile.
 */
class RabbitConsumerProcessorTest {

  @TempDir Path output;

  /** One compilation's result. */
  record Compiled(boolean success, List<Diagnostic<? extends JavaFileObject>> errors) {
    List<String> messages() {
      return errors.stream().map(d -> d.getMessage(Locale.ROOT)).toList();
    }
  }

  private Compiled compile(String className, String source, boolean explicitProcessor)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      JavaFileObject file =
          new SimpleJavaFileObject(
              URI.create("string:///com/acme/" + className + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return source;
            }
          };
      List<String> options = new ArrayList<>();
      options.addAll(List.of("-classpath", System.getProperty("java.class.path")));
      options.addAll(List.of("-d", output.toString()));
      if (Runtime.version().feature() >= 21) {
        // newer JDKs run class-path processors only when asked, as a user's build then must
        options.add("-proc:full");
      }
      JavaCompiler.CompilationTask task =
          javac.getTask(null, files, diagnostics, options, null, List.of(file));
      if (explicitProcessor) {
        task.setProcessors(List.<Processor>of(new RabbitConsumerProcessor()));
      }
      boolean success = task.call();
      return new Compiled(
          success,
          diagnostics.getDiagnostics().stream()
              .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .toList());
    }
  }

  private static String consumer(String annotation, String signature) {
    return """
        package com.acme;

        import dev.warren.Delivery;
        import dev.warren.Outcome;
        import dev.warren.QueueType;
        import dev.warren.RabbitConsumer;
        import dev.warren.RetryPublisher;

        public class Payments {
          %s
          public Outcome %s {
            return Outcome.ack();
          }
        }
        """
        .formatted(annotation, signature);
  }

  @Test
  void retryPublisherOnAQuorumConsumerDoesNotCompile() throws IOException {
    Compiled result =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \"payments\", queueType = QueueType.QUORUM,"
                    + " retryPublisher = @RetryPublisher(exchange = \"retries\"))",
                "onPayment(String body)"),
            true);
    assertThat(result.success()).isFalse();
    assertThat(result.messages())
        .singleElement()
        .satisfies(m -> assertThat(m).contains("WARREN-023", "com.acme.Payments#onPayment"));
    Diagnostic<? extends JavaFileObject> error = result.errors().get(0);
    assertThat(error.getSource().getName()).endsWith("com/acme/Payments.java");
    assertThat(error.getLineNumber()).isEqualTo(10); // the annotation's line
  }

  @Test
  void headerParametersAreNoPayload() throws IOException {
    Compiled result =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \"payments\")",
                "onPayment(@dev.warren.Header(\"tenant\") String tenant, String body,"
                    + " @dev.warren.Header(\"n\") java.util.Optional<Long> n)"),
            true);
    assertThat(result.errors()).isEmpty();
    Compiled headersOnly =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \"payments\")",
                "onPayment(@dev.warren.Header(\"tenant\") String tenant)"),
            true);
    assertThat(headersOnly.errors())
        .singleElement()
        .satisfies(e -> assertThat(e.getMessage(null)).startsWith("WARREN-010 "));
  }

  @Test
  void aGoodConsumerCompiles() throws IOException {
    Compiled result =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \"payments\", queueType = QueueType.QUORUM,"
                    + " maxAttempts = 5, deadLetter = \"payments.dlq\", prefetch = 10)",
                "onPayment(String body, Delivery delivery)"),
            true);
    assertThat(result.errors()).isEmpty();
    assertThat(result.success()).isTrue();
  }

  @Test
  void everySourceVisibleMistakeIsReported() throws IOException {
    Compiled result =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \" \", queueType = QueueType.QUORUM, maxAttempts = -1,"
                    + " prefetch = 0, concurrency = 0, deadLetter = \"dlq\")",
                "onPayment(String body, byte[] raw)"),
            true);
    assertThat(result.success()).isFalse();
    assertThat(String.join("\n", result.messages()))
        .contains("WARREN-013", "maxAttempts=-1", "prefetch=0", "concurrency=0")
        .contains("WARREN-021", "WARREN-011");
  }

  @Test
  void aMethodWithoutPayloadDoesNotCompile() throws IOException {
    Compiled result =
        compile(
            "Payments",
            consumer("@RabbitConsumer(queue = \"payments\")", "onPayment(Delivery delivery)"),
            true);
    assertThat(result.messages())
        .singleElement()
        .satisfies(m -> assertThat(m).contains("WARREN-010"));
  }

  private static String batchConsumer(String annotation, String signature) {
    return """
        package com.acme;

        import dev.warren.Delivery;
        import dev.warren.Outcome;
        import dev.warren.RabbitConsumer;
        import java.util.List;

        public class Audit {
          %s
          public List<Outcome> %s {
            return List.of();
          }
        }
        """
        .formatted(annotation, signature);
  }

  @Test
  void aBatchConsumerWithItsDeliveriesCompiles() throws IOException {
    Compiled result =
        compile(
            "Audit",
            batchConsumer(
                "@RabbitConsumer(queue = \"audit\", batchSize = 100, batchWait = \"200ms\")",
                "onAudit(List<String> events, List<Delivery> deliveries)"),
            true);
    assertThat(result.errors()).isEmpty();
    assertThat(result.success()).isTrue();
  }

  @Test
  void batchMistakesVisibleInTheSourceDoNotCompile() throws IOException {
    Compiled result =
        compile(
            "Audit",
            batchConsumer(
                "@RabbitConsumer(queue = \"audit\", batchSize = 300, batchWait = \"soon\")",
                "onAudit(List<String> events)"),
            true);
    assertThat(result.success()).isFalse();
    assertThat(String.join("\n", result.messages()))
        .contains("WARREN-071", "batchSize=300", "prefetch=250")
        .contains("WARREN-005", "batchWait='soon'");

    Compiled zero =
        compile(
            "Audit",
            batchConsumer(
                "@RabbitConsumer(queue = \"audit\", batchSize = 0)",
                "onAudit(List<String> events)"),
            true);
    assertThat(zero.messages())
        .singleElement()
        .satisfies(m -> assertThat(m).contains("WARREN-005", "batchSize=0"));
  }

  @Test
  void javacFindsTheProcessorThroughItsServiceRegistration() throws IOException {
    assertThat(new File("target/classes/META-INF/services/javax.annotation.processing.Processor"))
        .exists();
    Compiled result =
        compile(
            "Payments",
            consumer(
                "@RabbitConsumer(queue = \"payments\", queueType = QueueType.QUORUM,"
                    + " maxAttempts = 5)",
                "onPayment(String body)"),
            false);
    assertThat(result.success()).isFalse();
    assertThat(result.messages())
        .singleElement()
        .satisfies(m -> assertThat(m).contains("WARREN-021"));
  }

  @Test
  void theServiceFileNamesTheProcessor() throws IOException {
    assertThat(
            Files.readString(
                    Path.of(
                        "src/main/resources/META-INF/services/javax.annotation.processing.Processor"))
                .trim())
        .isEqualTo(RabbitConsumerProcessor.class.getName());
  }
}
