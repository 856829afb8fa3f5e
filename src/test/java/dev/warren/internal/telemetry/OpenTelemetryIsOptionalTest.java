package dev.warren.internal.telemetry;

import static dev.warren.internal.ClassReferences.classesNamingOutside;
import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.extension.Telemetries;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry API is optional: only the classes of {@code telemetry.otel} name it, and only
 * {@link Telemetries}, after finding the API, names that package. So an application without
 * OpenTelemetry never loads a class that needs it, and its runtime gets {@link Telemetry#NONE}.
 */
class OpenTelemetryIsOptionalTest {

  private static final String OTEL = "dev/warren/internal/telemetry/otel/";

  @Test
  void onlyTheOtelPackageNamesTheApi() throws IOException {
    assertThat(classesNamingOutside("io/opentelemetry/", OTEL)).isEmpty();
  }

  @Test
  void onlyTheChooserNamesTheOtelPackage() throws IOException {
    assertThat(classesNamingOutside(OTEL, OTEL, "dev/warren/internal/extension/Telemetries.class"))
        .isEmpty();
  }

  @Test
  void disabledTelemetryIsNone() {
    assertThat(Telemetries.resolve(false, null)).isSameAs(Telemetry.NONE);
  }

  @Test
  void noneAddsNothingToAMessage() {
    var properties = new com.rabbitmq.client.AMQP.BasicProperties.Builder().build();
    Sending sending = Telemetry.NONE.sending(SendKind.PUBLISH, "x", "k");

    assertThat(sending.carry(properties)).isSameAs(properties);
    assertThat(sending.recording()).isFalse();
    assertThat(Telemetry.NONE.consumer("c", "q").processing(null)).isSameAs(Processing.NONE);
  }
}
