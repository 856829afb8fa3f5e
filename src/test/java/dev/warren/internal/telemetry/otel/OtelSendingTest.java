package dev.warren.internal.telemetry.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.warren.PublishException;
import dev.warren.RequestException;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A send's result names, and the trace context it writes into a message's headers. */
class OtelSendingTest {

  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final OtelTelemetry telemetry =
      new OtelTelemetry(
          OpenTelemetrySdk.builder()
              .setTracerProvider(
                  SdkTracerProvider.builder()
                      .addSpanProcessor(SimpleSpanProcessor.create(spans))
                      .build())
              .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
              .build());

  static PublishException publish(PublishException.Reason reason) {
    return new PublishException(reason, "x", "k", "WARREN-000 test", null);
  }

  @Test
  void resultsNameTheBrokersAnswer() {
    assertThat(OtelSending.result(null)).isEqualTo("ack");
    assertThat(OtelSending.result(publish(PublishException.Reason.NACKED))).isEqualTo("nack");
    assertThat(OtelSending.result(publish(PublishException.Reason.UNROUTABLE)))
        .isEqualTo("returned");
    assertThat(OtelSending.result(publish(PublishException.Reason.TIMED_OUT)))
        .isEqualTo("timed_out");
    assertThat(OtelSending.result(publish(PublishException.Reason.OUTCOME_UNKNOWN)))
        .isEqualTo("unknown");
    assertThat(OtelSending.result(publish(PublishException.Reason.NOT_SENT))).isEqualTo("not_sent");
    assertThat(
            OtelSending.result(
                new RequestException(
                    RequestException.Reason.TIMED_OUT, "x", "k", "WARREN-000 test", null)))
        .isEqualTo("timed_out");
    assertThat(OtelSending.result(new IOException("gone"))).isEqualTo("failed");
  }

  @Test
  void traceparentJoinsTheHeadersWithoutTouchingTheOriginal() {
    Map<String, Object> user = Map.of("tenant", "acme");
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder().headers(user).messageId("m-1").build();
    Sending sending = telemetry.sending(SendKind.PUBLISH, "orders", "new");

    AMQP.BasicProperties carried = sending.carry(properties);
    sending.done(null);

    assertThat(properties.getHeaders()).isEqualTo(user);
    assertThat(carried.getHeaders()).containsEntry("tenant", "acme").containsKey("traceparent");
    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(carried.getHeaders().get("traceparent").toString())
        .startsWith("00-" + span.getTraceId() + "-" + span.getSpanId() + "-");
    assertThat(span.getName()).isEqualTo("send orders");
    assertThat(span.getAttributes().get(Names.MESSAGE_ID)).isEqualTo("m-1");
  }

  @Test
  void aFailureEndsTheSpanOnceWithItsReason() {
    Sending sending = telemetry.sending(SendKind.PUBLISH, "", "q");

    sending.done(new CompletionException(publish(PublishException.Reason.UNROUTABLE)));
    sending.done(null);

    assertThat(spans.getFinishedSpanItems()).hasSize(1);
    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(span.getName()).isEqualTo("send q");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getAttributes().get(Names.RESULT)).isEqualTo("returned");
    assertThat(span.getAttributes().get(Names.ERROR_TYPE)).isEqualTo("returned");
  }

  @Test
  void theNoOpImplementationMeansNoTelemetryAtAll() {
    assertThat(OtelTelemetry.noop(io.opentelemetry.api.OpenTelemetry.noop())).isTrue();
    assertThat(OtelTelemetry.noop(io.opentelemetry.api.GlobalOpenTelemetry.get())).isTrue();
    assertThat(OtelTelemetry.noop(OpenTelemetrySdk.builder().build())).isFalse();
  }
}
