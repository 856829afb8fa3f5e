package dev.warren.bench;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The application's {@code OpenTelemetry} bean for the SDK runs: the SDK sampling and recording
 * every span, each exported as it ends to an in-memory exporter (kept until the container closes),
 * a periodic metric reader whose exporter drops what it gets, W3C trace context. The run measures
 * what recording costs the client, not a collector's network. Closing the container counts the
 * spans it recorded ({@link #takeSpans()}), so that the table can show every message had its span.
 */
@ApplicationScoped
public class Sdk {

  private static final AtomicLong SPANS = new AtomicLong();

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  /** The spans recorded by the containers closed since the last call. */
  static long takeSpans() {
    return SPANS.getAndSet(0);
  }

  @Produces
  @ApplicationScoped
  OpenTelemetry openTelemetry() {
    return OpenTelemetrySdk.builder()
        .setTracerProvider(
            SdkTracerProvider.builder()
                .setSampler(Sampler.alwaysOn())
                .addSpanProcessor(SimpleSpanProcessor.create(spans))
                .build())
        .setMeterProvider(
            SdkMeterProvider.builder()
                .registerMetricReader(
                    PeriodicMetricReader.builder(new DroppedMetrics())
                        .setInterval(Duration.ofSeconds(5))
                        .build())
                .build())
        .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
        .build();
  }

  void close(@Disposes OpenTelemetry openTelemetry) {
    // counted first: closing the SDK shuts the exporter down, which drops what it holds
    SPANS.addAndGet(spans.getFinishedSpanItems().size());
    ((OpenTelemetrySdk) openTelemetry).close();
  }

  private static final class DroppedMetrics implements MetricExporter {
    @Override
    public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
      return AggregationTemporality.CUMULATIVE;
    }

    @Override
    public CompletableResultCode export(Collection<MetricData> metrics) {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }
}
