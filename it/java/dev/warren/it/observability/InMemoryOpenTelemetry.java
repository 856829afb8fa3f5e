package dev.warren.it.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.enterprise.inject.Produces;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The application's {@code OpenTelemetry} CDI bean, as MicroProfile Telemetry provides one on a
 * server: the SDK with W3C trace context and in-memory exporters that tests read.
 */
public class InMemoryOpenTelemetry {

  static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
  static final InMemoryMetricReader METRICS = InMemoryMetricReader.create();

  @Produces
  static final OpenTelemetry OPEN_TELEMETRY =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(SPANS))
                  .build())
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(METRICS).build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();

  /** Spans ended so far. */
  static List<SpanData> spans() {
    return SPANS.getFinishedSpanItems();
  }

  /** Spans ended so far with {@code name}. */
  static List<SpanData> spans(String name) {
    return spans().stream().filter(s -> s.getName().equals(name)).toList();
  }

  /**
   * The sum of the long counter {@code name} over its points whose attributes include all of {@code
   * attributes} (compared as strings); 0 when absent. Collects the metrics now.
   */
  static long sum(String name, Map<String, String> attributes) {
    Collection<MetricData> metrics = METRICS.collectAllMetrics();
    long total = 0;
    for (MetricData metric : metrics) {
      if (!metric.getName().equals(name)) {
        continue;
      }
      for (var point : metric.getData().getPoints()) {
        if (point instanceof LongPointData longPoint
            && matches(point.getAttributes(), attributes)) {
          total += longPoint.getValue();
        }
      }
    }
    return total;
  }

  /** The number of recordings of histogram {@code name} with {@code attributes}. */
  static long count(String name, Map<String, String> attributes) {
    long total = 0;
    for (MetricData metric : METRICS.collectAllMetrics()) {
      if (metric.getName().equals(name)) {
        for (var point : metric.getHistogramData().getPoints()) {
          if (matches(point.getAttributes(), attributes)) {
            total += point.getCount();
          }
        }
      }
    }
    return total;
  }

  private static boolean matches(
      io.opentelemetry.api.common.Attributes actual, Map<String, String> expected) {
    Map<String, String> seen = new java.util.HashMap<>();
    actual.forEach((k, v) -> seen.put(k.getKey(), String.valueOf(v)));
    return expected.entrySet().stream().allMatch(e -> e.getValue().equals(seen.get(e.getKey())));
  }
}
