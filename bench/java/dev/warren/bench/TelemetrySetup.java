package dev.warren.bench;

import dev.warren.it.support.TestConfig;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * What telemetry a Warren run has. The benchmark's class path holds the OpenTelemetry API (and the
 * SDK, for the tests), and no SDK is registered globally, so by default Warren reports to the API's
 * no-op implementation.
 */
enum TelemetrySetup {
  /**
   * {@code warren.telemetry.enabled=false}: Warren's own no-telemetry path, the one it takes when
   * the API is not on the class path at all.
   */
  OFF("telemetry off"),
  /** The default here: the API present, no SDK (what {@code GlobalOpenTelemetry} gives). */
  NOOP("no-op OpenTelemetry"),
  /** The application's {@code OpenTelemetry} bean: the SDK recording every span ({@link Sdk}). */
  SDK("OpenTelemetry SDK");

  final String label;

  TelemetrySetup(String label) {
    this.label = label;
  }

  /** Sets this run's configuration; {@link TestConfig#clear()} undoes it. */
  void configure() {
    if (this == OFF) {
      TestConfig.set("warren.telemetry.enabled", "false");
    }
  }

  /** The bean classes of a run: {@code beans}, with the SDK's producer for {@link #SDK}. */
  Class<?>[] beans(Class<?>... beans) {
    return this == SDK
        ? Stream.concat(Arrays.stream(beans), Stream.of(Sdk.class)).toArray(Class<?>[]::new)
        : beans;
  }

  /**
   * The rows that show telemetry's cost: each setup's rate, CPU and bytes per message, against
   * telemetry off, in the telemetry table ({@link Results#telemetry}). Takes the spans the SDK runs
   * recorded ({@link Sdk#takeSpans()}): one untimed and {@code bench.rounds} measured runs.
   */
  static void rows(
      Results results,
      BenchOptions options,
      String scenario,
      List<Tally.Run> raw,
      List<Tally.Run> off,
      List<Tally.Run> noop,
      List<Tally.Run> sdk) {
    long sdkMessages =
        Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES)
            + (long) options.rounds() * options.messages();
    results.telemetry.add(scenario, raw, off, noop, sdk, (double) Sdk.takeSpans() / sdkMessages);
  }
}
