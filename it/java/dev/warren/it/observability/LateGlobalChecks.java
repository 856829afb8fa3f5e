package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.awaitility.Awaitility.await;

import dev.warren.Publisher;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What {@link LateGlobalOpenTelemetryIT} checks, kept apart so that the test class names no
 * OpenTelemetry type. The SDK here is the test's own: never a CDI bean, only the global.
 */
final class LateGlobalChecks {

  private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
  private static OpenTelemetrySdk sdk;

  private LateGlobalChecks() {}

  /** Closes the SDK registered here, if any, and leaves the JVM with no global. */
  static synchronized void reset() {
    if (sdk != null) {
      sdk.close();
      sdk = null;
    }
    SPANS.reset();
    GlobalOpenTelemetry.resetForTest();
  }

  /**
   * Registers an SDK as the global (Warren must not have set it), then waits for Warren to trace
   * with it: a publish's span, and the span of its delivery to a consumer that started before the
   * SDK existed, child of the publish's.
   */
  static void registerTheSdkAndSeeTraces(Publisher publisher, String queue) throws Exception {
    synchronized (LateGlobalChecks.class) {
      sdk =
          OpenTelemetrySdk.builder()
              .setTracerProvider(
                  SdkTracerProvider.builder()
                      .addSpanProcessor(SimpleSpanProcessor.create(SPANS))
                      .build())
              .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
              .build();
    }
    assertThatCode(() -> GlobalOpenTelemetry.set(sdk))
        .as("the application registers its SDK after Warren started")
        .doesNotThrowAnyException();

    // Warren looks at the global about once a second: until it has, a publish is not traced
    await()
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              publisher.publish("", queue, "probe").toCompletableFuture().get(10, TimeUnit.SECONDS);
              return !spans("send " + queue).isEmpty();
            });
    await().atMost(Duration.ofSeconds(10)).until(() -> !processedAfterTracedSend(queue).isEmpty());
    SpanData processed = processedAfterTracedSend(queue).get(0);
    assertThat(processed.getKind()).isEqualTo(SpanKind.CONSUMER);
    assertThat(processed.getAttributes().asMap().toString()).contains(queue);
  }

  private static List<SpanData> spans(String name) {
    return SPANS.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
  }

  /** The "process" spans whose parent is a traced "send" of the same queue. */
  private static List<SpanData> processedAfterTracedSend(String queue) {
    List<SpanData> sends = spans("send " + queue);
    return spans("process " + queue).stream()
        .filter(
            p ->
                sends.stream()
                    .anyMatch(
                        s ->
                            s.getTraceId().equals(p.getTraceId())
                                && s.getSpanId().equals(p.getParentSpanId())))
        .toList();
  }
}
