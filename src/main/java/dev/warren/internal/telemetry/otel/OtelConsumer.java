package dev.warren.internal.telemetry.otel;

import dev.warren.Delivery;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.Processing;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One consumer's telemetry: a {@code CONSUMER} span per delivery ("process &lt;queue&gt;"), child
 * of the context its message carries, or one per batch linked to every message's context; the
 * consumed-messages and process-duration metrics per outcome. Created when the consumer starts.
 */
final class OtelConsumer implements ConsumerTelemetry {

  final OtelTelemetry telemetry;
  final String name;
  final String queue;
  final Attributes attributes;
  private final Map<String, Attributes> byOutcome = new ConcurrentHashMap<>();

  OtelConsumer(OtelTelemetry telemetry, String name, String queue) {
    this.telemetry = telemetry;
    this.name = name;
    this.queue = queue;
    this.attributes =
        Attributes.of(Names.SYSTEM, Names.RABBITMQ, Names.CONSUMER, name, Names.QUEUE, queue);
  }

  @Override
  public Processing processing(Delivery delivery) {
    Context parent = extract(delivery);
    SpanBuilder builder = span().setParent(parent);
    describe(builder, delivery);
    Span span = builder.startSpan();
    return new OtelProcessing(this, parent.with(span), span, null);
  }

  @Override
  public Batch batch(List<? extends Delivery> deliveries) {
    SpanBuilder builder =
        span().setNoParent().setAttribute(Names.BATCH_COUNT, (long) deliveries.size());
    if (!deliveries.isEmpty()) {
      builder.setAttribute(Names.DESTINATION, deliveries.get(0).exchange());
    }
    for (Delivery delivery : deliveries) {
      SpanContext linked = Span.fromContext(extract(delivery)).getSpanContext();
      if (linked.isValid()) {
        builder.addLink(linked);
      }
    }
    Span span = builder.startSpan();
    return new OtelBatch(this, Context.root().with(span), span, deliveries);
  }

  private SpanBuilder span() {
    return telemetry
        .tracer
        .spanBuilder("process " + queue)
        .setSpanKind(SpanKind.CONSUMER)
        .setAttribute(Names.SYSTEM, Names.RABBITMQ)
        .setAttribute(Names.OPERATION_TYPE, "process")
        .setAttribute(Names.OPERATION_NAME, "process")
        .setAttribute(Names.CONSUMER, name)
        .setAttribute(Names.QUEUE, queue);
  }

  private static void describe(SpanBuilder builder, Delivery delivery) {
    builder
        .setAttribute(Names.DESTINATION, delivery.exchange())
        .setAttribute(Names.DELIVERY_TAG, delivery.deliveryTag())
        .setAttribute(Names.BODY_SIZE, (long) delivery.body().length)
        .setAttribute(Names.ATTEMPT, (long) delivery.attempt());
    if (!delivery.routingKey().isEmpty()) {
      builder.setAttribute(Names.ROUTING_KEY, delivery.routingKey());
    }
    if (delivery.rawProperties().getMessageId() != null) {
      builder.setAttribute(Names.MESSAGE_ID, delivery.rawProperties().getMessageId());
    }
    if (delivery.rawProperties().getCorrelationId() != null) {
      builder.setAttribute(Names.CONVERSATION_ID, delivery.rawProperties().getCorrelationId());
    }
  }

  /** The trace context the message carries; the root context when it carries none. */
  private Context extract(Delivery delivery) {
    Map<String, Object> headers = delivery.rawProperties().getHeaders();
    if (headers == null || headers.isEmpty()) {
      return Context.root();
    }
    return telemetry.propagator.extract(Context.root(), headers, Headers.GETTER);
  }

  /** Counts one settled (or abandoned) delivery and its processing time. */
  void record(String outcome, long nanos) {
    Attributes tagged = byOutcome.computeIfAbsent(outcome, this::withOutcome);
    telemetry.instruments.consumed.add(1, tagged);
    telemetry.instruments.processDuration.record(nanos / 1e9, tagged);
  }

  private Attributes withOutcome(String outcome) {
    return attributes.toBuilder()
        .put(Names.OPERATION_NAME, "process")
        .put(Names.OUTCOME, outcome)
        .build();
  }
}
