package dev.warren.internal.telemetry.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: the SDK an application registers as the global after Warren started is picked up, and
 * Warren never sets the global itself. The global is the JVM's: reset around each test.
 */
class LateGlobalTelemetryTest {

  final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().build()).build();

  @BeforeEach
  @AfterEach
  void resetTheGlobal() {
    GlobalOpenTelemetry.resetForTest();
  }

  @AfterEach
  void closeTheSdk() {
    sdk.close();
  }

  @Test
  void untilAnSdkIsRegisteredNothingIsReportedAndTheGlobalIsNeverSet() {
    LateGlobalTelemetry telemetry = new LateGlobalTelemetry();
    ConsumerTelemetry consumer = telemetry.consumer("orders", "orders");

    telemetry.look();

    assertThat(GlobalOpenTelemetry.isSet()).isFalse();
    assertThat(telemetry.sending(SendKind.PUBLISH, "", "orders")).isSameAs(Sending.NONE);
    assertThat(((LateGlobalTelemetry.LateConsumer) consumer).delegate)
        .isSameAs(ConsumerTelemetry.NONE);
  }

  @Test
  void anSdkRegisteredLaterIsUsedForSendsAndForConsumersStartedBefore() {
    LateGlobalTelemetry telemetry = new LateGlobalTelemetry();
    ConsumerTelemetry before = telemetry.consumer("orders", "orders");

    GlobalOpenTelemetry.set(sdk);
    telemetry.look();

    assertThat(telemetry.sending(SendKind.PUBLISH, "", "orders").recording()).isTrue();
    assertThat(((LateGlobalTelemetry.LateConsumer) before).delegate)
        .isInstanceOf(OtelConsumer.class);
    assertThat(telemetry.consumer("prices", "prices")).isInstanceOf(OtelConsumer.class);
  }

  @Test
  void theTimerLooksUntilTheSdkIsThere() {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    ExecutorService internal = Executors.newSingleThreadExecutor();
    try {
      LateGlobalTelemetry telemetry = new LateGlobalTelemetry();
      telemetry.start(timer, internal);

      GlobalOpenTelemetry.set(sdk);

      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> telemetry.sending(SendKind.PUBLISH, "", "orders").recording());
    } finally {
      timer.shutdownNow();
      internal.shutdownNow();
    }
  }

  @Test
  void aGlobalSetToTheNoopEndsTheLookAndReportsNothing() {
    LateGlobalTelemetry telemetry = new LateGlobalTelemetry();
    GlobalOpenTelemetry.set(OpenTelemetry.noop());

    telemetry.look();

    assertThat(telemetry.consumer("orders", "orders")).isSameAs(ConsumerTelemetry.NONE);
    assertThat(telemetry.sending(SendKind.PUBLISH, "", "orders")).isSameAs(Sending.NONE);
  }
}
