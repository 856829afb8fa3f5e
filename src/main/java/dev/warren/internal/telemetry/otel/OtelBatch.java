package dev.warren.internal.telemetry.otel;

import dev.warren.Delivery;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.Processing;
import dev.warren.internal.telemetry.Scope;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A batch being handled: one span, linked to every message's context, that ends once every member
 * has been settled (or abandoned); each member is counted by its own outcome.
 */
final class OtelBatch implements ConsumerTelemetry.Batch {

  private final Context context;
  private final Span span;
  private final OtelProcessing[] members;
  private final AtomicInteger unsettled;
  private volatile Throwable lastFailure;

  OtelBatch(OtelConsumer consumer, Context context, Span span, List<? extends Delivery> batch) {
    this.context = context;
    this.span = span;
    this.members = new OtelProcessing[batch.size()];
    for (int i = 0; i < members.length; i++) {
      members[i] = new OtelProcessing(consumer, context, span, this);
    }
    this.unsettled = new AtomicInteger(members.length);
  }

  @Override
  public Scope enter() {
    io.opentelemetry.context.Scope scope = context.makeCurrent();
    return scope::close;
  }

  @Override
  public Processing member(int index) {
    return members[index];
  }

  /** A member's failure: recorded once, though the batch's members usually share it. */
  void failed(Throwable failure) {
    if (failure != null && failure != lastFailure) {
      lastFailure = failure;
      recordFailure(span, failure);
    }
  }

  /** A member was settled; the last one ends the span. */
  void settled() {
    if (unsettled.decrementAndGet() == 0) {
      span.end();
    }
  }

  static void recordFailure(Span span, Throwable failure) {
    span.recordException(failure);
    span.setAttribute(Names.ERROR_TYPE, failure.getClass().getName());
    span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
  }
}
