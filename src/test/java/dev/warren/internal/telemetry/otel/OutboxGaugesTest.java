package dev.warren.internal.telemetry.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.telemetry.OutboxReading;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The outbox's gauges read the relay's last count when the meter collects, until stop. */
class OutboxGaugesTest {

  final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  final OtelTelemetry telemetry =
      new OtelTelemetry(
          OpenTelemetrySdk.builder()
              .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
              .build());

  static MetricData named(Collection<MetricData> collected, String name) {
    return collected.stream()
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in " + collected));
  }

  @Test
  void pendingOldestAgeAndFailingAreReadAtEachCollection() {
    AtomicReference<OutboxReading> reading =
        new AtomicReference<>(new OutboxReading("warren_outbox", 3, 1.5, 1));
    telemetry.outbox(reading::get);

    Collection<MetricData> first = metrics.collectAllMetrics();
    assertThat(named(first, "warren.outbox.pending").getLongGaugeData().getPoints())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getValue()).isEqualTo(3);
              assertThat(p.getAttributes().get(Names.OUTBOX_TABLE)).isEqualTo("warren_outbox");
            });
    assertThat(named(first, "warren.outbox.oldest_age").getDoubleGaugeData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(1.5));
    assertThat(named(first, "warren.outbox.failing").getLongGaugeData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(1));

    reading.set(new OutboxReading("warren_outbox", 0, 0, 0));
    assertThat(
            named(metrics.collectAllMetrics(), "warren.outbox.pending")
                .getLongGaugeData()
                .getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isZero());

    telemetry.stop();
    assertThat(metrics.collectAllMetrics())
        .noneMatch(m -> m.getName().startsWith("warren.outbox."));
  }
}
