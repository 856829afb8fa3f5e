package dev.warren.internal.telemetry.otel;

import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleHistogramBuilder;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongUpDownCounter;
import io.opentelemetry.api.metrics.Meter;

/** Warren's metric instruments, created once per application from its meter. */
final class Instruments {

  final LongCounter consumed;
  final DoubleHistogram processDuration;
  final LongCounter sent;
  final DoubleHistogram operationDuration;
  final LongCounter retries;
  final LongCounter deadLetters;
  final LongUpDownCounter held;
  final LongUpDownCounter unconfirmed;
  final LongCounter recoveries;

  Instruments(Meter meter) {
    consumed =
        meter
            .counterBuilder(Names.CONSUMED)
            .setUnit("{message}")
            .setDescription("Messages a consumer handled and settled (or gave up), per outcome.")
            .build();
    processDuration =
        seconds(meter.histogramBuilder(Names.PROCESS_DURATION))
            .setDescription("From the start of handling (decoding included) to settlement.")
            .build();
    sent =
        meter
            .counterBuilder(Names.SENT)
            .setUnit("{message}")
            .setDescription(
                "Messages sent (publishes, requests, replies, retry and dead-letter copies), per"
                    + " result.")
            .build();
    operationDuration =
        seconds(meter.histogramBuilder(Names.OPERATION_DURATION))
            .setDescription(
                "From publish to the broker's confirm (to the reply for a request), per result.")
            .build();
    retries =
        meter
            .counterBuilder(Names.RETRIES)
            .setUnit("{message}")
            .setDescription("Retry copies (delayed or not) the broker confirmed, per consumer.")
            .build();
    deadLetters =
        meter
            .counterBuilder(Names.DEAD_LETTERS)
            .setUnit("{message}")
            .setDescription("Copies to a dead letter queue the broker confirmed, per consumer.")
            .build();
    held =
        meter
            .upDownCounterBuilder(Names.HELD)
            .setUnit("{message}")
            .setDescription("Deliveries held unacked for an in-process delay, per consumer.")
            .build();
    unconfirmed =
        meter
            .upDownCounterBuilder(Names.UNCONFIRMED)
            .setUnit("{message}")
            .setDescription("Messages sent and not yet confirmed by the broker, per kind.")
            .build();
    recoveries =
        meter
            .counterBuilder(Names.RECOVERIES)
            .setUnit("{recovery}")
            .setDescription("Times the client recovered the connection after losing it.")
            .build();
  }

  private static DoubleHistogramBuilder seconds(DoubleHistogramBuilder builder) {
    return builder.setUnit("s").setExplicitBucketBoundariesAdvice(Names.DURATION_BUCKETS);
  }
}
