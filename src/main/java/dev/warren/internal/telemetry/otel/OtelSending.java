package dev.warren.internal.telemetry.otel;

import com.rabbitmq.client.AMQP;
import dev.warren.PublishException;
import dev.warren.RequestException;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One message sent: a {@code PRODUCER} span (a {@code CLIENT} span for a request, which lasts until
 * its reply) from publish to the broker's confirm, its trace context written into the message's
 * headers, and the sent-messages and operation-duration metrics with the result when it ends.
 */
final class OtelSending implements Sending {

  private final OtelTelemetry telemetry;
  private final Context context;
  private final Span span;
  private final SendKind kind;
  private final String exchange;
  private final OtelConsumer consumer;
  private final long startNanos = System.nanoTime();
  private final AtomicBoolean done = new AtomicBoolean();

  private OtelSending(
      OtelTelemetry telemetry,
      Context context,
      Span span,
      SendKind kind,
      String exchange,
      OtelConsumer consumer) {
    this.telemetry = telemetry;
    this.context = context;
    this.span = span;
    this.kind = kind;
    this.exchange = exchange;
    this.consumer = consumer;
  }

  /**
   * Starts the span of one message.
   *
   * @param parent the context it is sent in: the caller's, or the delivery's it is a copy of
   * @param consumer the consumer that sends it (a copy or a reply), else {@code null}
   */
  static OtelSending start(
      OtelTelemetry telemetry,
      Context parent,
      SendKind kind,
      String exchange,
      String routingKey,
      OtelConsumer consumer) {
    boolean temporary = kind == SendKind.REPLY;
    String target =
        temporary
            ? "(temporary)"
            : !exchange.isEmpty() ? exchange : routingKey.isEmpty() ? "amq.default" : routingKey;
    SpanBuilder builder =
        telemetry
            .tracer
            .spanBuilder((kind == SendKind.REQUEST ? "request " : "send ") + target)
            .setParent(parent)
            .setSpanKind(kind == SendKind.REQUEST ? SpanKind.CLIENT : SpanKind.PRODUCER)
            .setAttribute(Names.SYSTEM, Names.RABBITMQ)
            .setAttribute(Names.OPERATION_TYPE, "send")
            .setAttribute(Names.OPERATION_NAME, "send")
            .setAttribute(Names.DESTINATION, exchange)
            .setAttribute(Names.SEND_KIND, kind.value());
    if (temporary) {
      builder.setAttribute(Names.DESTINATION_TEMPORARY, true);
    } else if (!routingKey.isEmpty()) {
      builder.setAttribute(Names.ROUTING_KEY, routingKey);
    }
    if (consumer != null) {
      builder.setAttribute(Names.CONSUMER, consumer.name);
    }
    Span span = builder.startSpan();
    if (kind != SendKind.REQUEST) {
      telemetry.instruments.unconfirmed.add(1, telemetry.kindAttributes(kind));
    }
    return new OtelSending(telemetry, parent.with(span), span, kind, exchange, consumer);
  }

  @Override
  public AMQP.BasicProperties carry(AMQP.BasicProperties properties) {
    if (properties.getMessageId() != null) {
      span.setAttribute(Names.MESSAGE_ID, properties.getMessageId());
    }
    if (properties.getCorrelationId() != null) {
      span.setAttribute(Names.CONVERSATION_ID, properties.getCorrelationId());
    }
    Headers.Writer headers = new Headers.Writer(properties.getHeaders());
    telemetry.propagator.inject(context, headers, Headers.SETTER);
    return headers.written() == null
        ? properties
        : properties.builder().headers(headers.written()).build();
  }

  @Override
  public void done(Throwable failure) {
    if (!done.compareAndSet(false, true)) {
      return;
    }
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    String result = result(cause);
    span.setAttribute(Names.RESULT, result);
    if (cause != null) {
      span.setAttribute(Names.ERROR_TYPE, errorType(cause, result));
      span.setStatus(StatusCode.ERROR, String.valueOf(cause.getMessage()));
    }
    span.end();
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    Attributes attributes =
        telemetry.sentAttributes(
            kind, exchange, result, cause == null ? null : errorType(cause, result));
    telemetry.instruments.sent.add(1, attributes);
    telemetry.instruments.operationDuration.record(seconds, attributes);
    if (kind != SendKind.REQUEST) {
      telemetry.instruments.unconfirmed.add(-1, telemetry.kindAttributes(kind));
    }
    if (cause == null && consumer != null) {
      if (kind == SendKind.RETRY || kind == SendKind.DELAY) {
        telemetry.instruments.retries.add(1, consumer.attributes);
      } else if (kind == SendKind.DEAD_LETTER) {
        telemetry.instruments.deadLetters.add(1, consumer.attributes);
      }
    }
  }

  /** The value of {@code warren.publish.result}: ack, nack, returned, timed_out, unknown, ... */
  static String result(Throwable cause) {
    if (cause == null) {
      return "ack";
    }
    if (cause instanceof PublishException publish) {
      return switch (publish.reason()) {
        case NACKED -> "nack";
        case UNROUTABLE -> "returned";
        case TIMED_OUT -> "timed_out";
        case OUTCOME_UNKNOWN -> "unknown";
        case NOT_SENT -> "not_sent";
      };
    }
    if (cause instanceof RequestException request) {
      return request.reason().name().toLowerCase(Locale.ROOT);
    }
    return "failed";
  }

  private static String errorType(Throwable cause, String result) {
    return result.equals("failed") ? cause.getClass().getName() : result;
  }

  /** Base attributes of a send metric. */
  static AttributesBuilder base(SendKind kind, String exchange) {
    return Attributes.builder()
        .put(Names.SYSTEM, Names.RABBITMQ)
        .put(Names.OPERATION_NAME, "send")
        .put(Names.DESTINATION, exchange)
        .put(Names.SEND_KIND, kind.value());
  }
}
