package dev.warren.internal.telemetry.otel;

import dev.warren.Outcome;
import dev.warren.internal.telemetry.Processing;
import dev.warren.internal.telemetry.Scope;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One delivery being handled: its own span, or a member of a batch's span. Ends once: when settled,
 * held for an in-process delay, or abandoned; then it counts the delivery by outcome.
 */
final class OtelProcessing implements Processing {

  private final OtelConsumer consumer;
  private final Context context;
  private final Span span;
  private final OtelBatch batch;
  private final long startNanos = System.nanoTime();
  private final AtomicBoolean ended = new AtomicBoolean();
  private final AtomicBoolean held = new AtomicBoolean();
  private volatile String outcome = "none";

  /**
   * @param context the delivery's context, with its span
   * @param batch the batch whose span this delivery shares, or {@code null}: the span is its own
   */
  OtelProcessing(OtelConsumer consumer, Context context, Span span, OtelBatch batch) {
    this.consumer = consumer;
    this.context = context;
    this.span = span;
    this.batch = batch;
  }

  @Override
  public Scope enter() {
    io.opentelemetry.context.Scope scope = context.makeCurrent();
    return scope::close;
  }

  @Override
  public void handled(Outcome handled, Throwable failure) {
    outcome = name(handled);
    if (batch != null) {
      batch.failed(failure);
      return;
    }
    span.setAttribute(Names.OUTCOME, outcome);
    if (failure != null) {
      OtelBatch.recordFailure(span, failure);
    }
  }

  /** The value of {@code warren.outcome}. */
  static String name(Outcome outcome) {
    if (outcome instanceof Outcome.Ack) {
      return "ack";
    } else if (outcome instanceof Outcome.Drop) {
      return "drop";
    } else if (outcome instanceof Outcome.Retry) {
      return "retry";
    } else if (outcome instanceof Outcome.RetryAfter) {
      return "retry-after";
    }
    return "none";
  }

  @Override
  public Sending sending(SendKind kind, String exchange, String routingKey) {
    return OtelSending.start(consumer.telemetry, context, kind, exchange, routingKey, consumer);
  }

  @Override
  public void held() {
    if (held.compareAndSet(false, true)) {
      consumer.telemetry.instruments.held.add(1, consumer.attributes);
    }
    end("held");
  }

  @Override
  public void released() {
    if (held.compareAndSet(true, false)) {
      consumer.telemetry.instruments.held.add(-1, consumer.attributes);
    }
  }

  @Override
  public void settled(String frame, boolean sent) {
    end(sent ? frame : "none (channel closed)");
  }

  @Override
  public void abandoned(String why) {
    if (!ended.get()) {
      outcome = "abandoned";
      if (batch == null) {
        span.addEvent("abandoned: " + why);
      }
    }
    end("none");
  }

  private void end(String settlement) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    consumer.record(outcome, System.nanoTime() - startNanos);
    if (batch == null) {
      span.setAttribute(Names.SETTLEMENT, settlement);
      if (outcome.equals("abandoned")) {
        span.setStatus(StatusCode.ERROR, "abandoned unsettled");
      }
      span.end();
    } else {
      batch.settled();
    }
  }
}
