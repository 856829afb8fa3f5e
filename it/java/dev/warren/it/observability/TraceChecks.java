package dev.warren.it.observability;

import static dev.warren.it.observability.InMemoryOpenTelemetry.spans;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.GetResponse;
import dev.warren.Publisher;
import dev.warren.Requester;
import dev.warren.it.support.Broker;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * What {@link TracesIT} checks. Kept apart from the test class, so that the other test runs, whose
 * class path has no OpenTelemetry, can look at the test class (and filter it out by its tag)
 * without meeting any OpenTelemetry type.
 */
final class TraceChecks {

  private TraceChecks() {}

  static Tracer tracer() {
    return InMemoryOpenTelemetry.OPEN_TELEMETRY.getTracer("test");
  }

  static String attribute(SpanData span, String key) {
    Object value = span.getAttributes().get(AttributeKey.stringKey(key));
    return value == null ? null : value.toString();
  }

  static Long longAttribute(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.longKey(key));
  }

  static SpanData only(List<SpanData> spans) {
    assertThat(spans).hasSize(1);
    return spans.get(0);
  }

  static List<SpanData> inTrace(String traceId, String name) {
    return spans().stream()
        .filter(s -> s.getTraceId().equals(traceId) && s.getName().equals(name))
        .toList();
  }

  static void publishConsumeRetryDeadLetter(WeldContainer container) throws Exception {
    // the meter lives as long as the JVM: other observability ITs' dead letter copies count too
    Map<String, String> deadLetterCopies =
        Map.of(
            "warren.send.kind", "dead-letter",
            "warren.publish.result", "ack",
            "messaging.destination.name", "");
    long copiesBefore =
        InMemoryOpenTelemetry.sum("messaging.client.sent.messages", deadLetterCopies);
    Span servlet = tracer().spanBuilder("GET /orders").setSpanKind(SpanKind.SERVER).startSpan();
    try (Scope scope = servlet.makeCurrent()) {
      container
          .select(Publisher.class)
          .get()
          .publish("", TracesIT.ORDERS, "order-1")
          .toCompletableFuture()
          .get(10, TimeUnit.SECONDS);
    } finally {
      servlet.end();
    }
    String trace = servlet.getSpanContext().getTraceId();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                inTrace(trace, "send " + TracesIT.ORDERS_DLQ).size() == 1
                    && inTrace(trace, "process " + TracesIT.ORDERS).size() == 2);

    List<SpanData> sends = inTrace(trace, "send " + TracesIT.ORDERS);
    SpanData published =
        only(
            sends.stream()
                .filter(s -> "publish".equals(attribute(s, "warren.send.kind")))
                .toList());
    SpanData retried =
        only(sends.stream().filter(s -> "retry".equals(attribute(s, "warren.send.kind"))).toList());
    SpanData deadLettered = only(inTrace(trace, "send " + TracesIT.ORDERS_DLQ));
    List<SpanData> processed = inTrace(trace, "process " + TracesIT.ORDERS);
    SpanData first =
        only(processed.stream().filter(s -> longAttribute(s, "warren.attempt") == 1).toList());
    SpanData second =
        only(processed.stream().filter(s -> longAttribute(s, "warren.attempt") == 2).toList());

    // parent to child: servlet -> publish -> attempt 1 -> retry copy -> attempt 2 -> dead letter
    assertThat(published.getParentSpanId()).isEqualTo(servlet.getSpanContext().getSpanId());
    assertThat(first.getParentSpanId()).isEqualTo(published.getSpanId());
    assertThat(retried.getParentSpanId()).isEqualTo(first.getSpanId());
    assertThat(second.getParentSpanId()).isEqualTo(retried.getSpanId());
    assertThat(deadLettered.getParentSpanId()).isEqualTo(second.getSpanId());

    // the conventions' attributes
    assertThat(published.getKind()).isEqualTo(SpanKind.PRODUCER);
    assertThat(attribute(published, "messaging.system")).isEqualTo("rabbitmq");
    assertThat(attribute(published, "messaging.operation.type")).isEqualTo("send");
    assertThat(attribute(published, "messaging.destination.name")).isEqualTo("");
    assertThat(attribute(published, "messaging.rabbitmq.destination.routing_key"))
        .isEqualTo(TracesIT.ORDERS);
    assertThat(attribute(published, "warren.publish.result")).isEqualTo("ack");
    assertThat(first.getKind()).isEqualTo(SpanKind.CONSUMER);
    assertThat(attribute(first, "messaging.operation.type")).isEqualTo("process");
    assertThat(attribute(first, "messaging.system")).isEqualTo("rabbitmq");
    assertThat(attribute(first, "warren.consumer")).isEqualTo(TracesIT.ORDERS);
    assertThat(attribute(first, "warren.outcome")).isEqualTo("retry");
    assertThat(longAttribute(first, "messaging.rabbitmq.message.delivery_tag")).isNotNull();
    assertThat(attribute(first, "warren.settlement")).isNotBlank();
    assertThat(attribute(deadLettered, "warren.send.kind")).isEqualTo("dead-letter");
    // each consumer span ends after its copy is confirmed: settlement is inside it
    assertThat(first.getEndEpochNanos()).isGreaterThanOrEqualTo(retried.getEndEpochNanos());
    assertThat(second.getEndEpochNanos()).isGreaterThanOrEqualTo(deadLettered.getEndEpochNanos());

    // the dead letter carries the context of its own copy's span
    List<GetResponse> dead = Broker.get().drain(TracesIT.ORDERS_DLQ);
    assertThat(dead).hasSize(1);
    assertThat(dead.get(0).getProps().getHeaders().get("traceparent").toString())
        .contains(trace)
        .contains(deadLettered.getSpanId());

    // the metrics count what happened
    Map<String, String> consumer = Map.of("warren.consumer", TracesIT.ORDERS);
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> InMemoryOpenTelemetry.sum("warren.consumer.dead_letters", consumer) == 1);
    assertThat(InMemoryOpenTelemetry.sum("warren.consumer.retries", consumer)).isEqualTo(1);
    assertThat(
            InMemoryOpenTelemetry.sum(
                "messaging.client.consumed.messages",
                Map.of("warren.consumer", TracesIT.ORDERS, "warren.outcome", "retry")))
        .isEqualTo(2);
    assertThat(
            InMemoryOpenTelemetry.count(
                "messaging.process.duration",
                Map.of("warren.consumer", TracesIT.ORDERS, "warren.outcome", "retry")))
        .isEqualTo(2);
    assertThat(InMemoryOpenTelemetry.sum("messaging.client.sent.messages", deadLetterCopies))
        .isEqualTo(copiesBefore + 1);
    assertThat(
            InMemoryOpenTelemetry.count(
                "messaging.client.operation.duration",
                Map.of("warren.send.kind", "retry", "warren.publish.result", "ack")))
        .isGreaterThanOrEqualTo(1);
  }

  static void requestAndReply(WeldContainer container) throws Exception {
    Span servlet = tracer().spanBuilder("GET /price").setSpanKind(SpanKind.SERVER).startSpan();
    String reply;
    try (Scope scope = servlet.makeCurrent()) {
      reply =
          container
              .select(Requester.class)
              .get()
              .request("", TracesIT.PRICES, "tea", String.class, Duration.ofSeconds(10))
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
    } finally {
      servlet.end();
    }
    assertThat(reply).isEqualTo("tea:42");
    String trace = servlet.getSpanContext().getTraceId();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                inTrace(trace, "request " + TracesIT.PRICES).size() == 1
                    && inTrace(trace, "process " + TracesIT.PRICES).size() == 1
                    && inTrace(trace, "send (temporary)").size() == 1);

    SpanData client = only(inTrace(trace, "request " + TracesIT.PRICES));
    SpanData server = only(inTrace(trace, "process " + TracesIT.PRICES));
    SpanData replied = only(inTrace(trace, "send (temporary)"));
    assertThat(client.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(client.getParentSpanId()).isEqualTo(servlet.getSpanContext().getSpanId());
    assertThat(server.getParentSpanId()).isEqualTo(client.getSpanId());
    assertThat(replied.getParentSpanId()).isEqualTo(server.getSpanId());
    assertThat(replied.getKind()).isEqualTo(SpanKind.PRODUCER);
    assertThat(attribute(replied, "warren.send.kind")).isEqualTo("reply");
    assertThat(attribute(client, "warren.publish.result")).isEqualTo("ack");
    assertThat(attribute(client, "messaging.message.conversation_id"))
        .isEqualTo(attribute(server, "messaging.message.conversation_id"))
        .isNotBlank();
    assertThat(attribute(server, "warren.outcome")).isEqualTo("ack");
    // in time order: the request, then its handling, then the reply, sent while the server's
    // span is open (the reply's confirm may come after the requester got the reply: no order
    // between those two ends)
    assertThat(server.getStartEpochNanos()).isGreaterThanOrEqualTo(client.getStartEpochNanos());
    assertThat(replied.getStartEpochNanos()).isGreaterThanOrEqualTo(server.getStartEpochNanos());
    assertThat(server.getEndEpochNanos()).isGreaterThanOrEqualTo(replied.getEndEpochNanos());
  }

  static void handlerException() {
    Broker.get().publish(TracesIT.FAILS, "broken");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !spansNamed("process " + TracesIT.FAILS).isEmpty());
    SpanData failed = spansNamed("process " + TracesIT.FAILS).get(0);
    assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(failed.getEvents())
        .anySatisfy(
            e -> {
              assertThat(e.getName()).isEqualTo("exception");
              assertThat(e.getAttributes().get(AttributeKey.stringKey("exception.message")))
                  .isEqualTo("stock service down");
            });
    assertThat(attribute(failed, "error.type")).isEqualTo("java.lang.IllegalStateException");
    // without a trace context on the message, the consumer's span starts a trace
    assertThat(failed.getParentSpanContext().isValid()).isFalse();
  }

  static List<SpanData> spansNamed(String name) {
    return InMemoryOpenTelemetry.spans(name);
  }

  static void batch(WeldContainer container) throws Exception {
    Publisher publisher = container.select(Publisher.class).get();
    List<Span> roots = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Span root = tracer().spanBuilder("job " + i).startSpan();
      try (Scope scope = root.makeCurrent()) {
        publisher
            .publish("", TracesIT.BATCHES, "b" + i)
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
      } finally {
        root.end();
      }
      roots.add(root);
    }
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !spansNamed("process " + TracesIT.BATCHES).isEmpty());
    SpanData batch = only(spansNamed("process " + TracesIT.BATCHES));
    assertThat(batch.getAttributes().get(AttributeKey.longKey("messaging.batch.message_count")))
        .isEqualTo(3);
    // linked to the three publishes, each in its own trace; a trace of its own
    List<String> linkedTraces =
        batch.getLinks().stream().map(l -> l.getSpanContext().getTraceId()).toList();
    assertThat(linkedTraces)
        .containsExactlyInAnyOrderElementsOf(
            roots.stream().map(r -> r.getSpanContext().getTraceId()).toList());
    assertThat(batch.getParentSpanContext().isValid()).isFalse();
    assertThat(
            InMemoryOpenTelemetry.sum(
                "messaging.client.consumed.messages",
                Map.of("warren.consumer", TracesIT.BATCHES, "warren.outcome", "ack")))
        .isEqualTo(3);
  }

  /** Publishes inside a span; neither a Warren span nor a traceparent header may follow. */
  static void publishedWithoutTrace(WeldContainer container, String queue) throws Exception {
    Span root = tracer().spanBuilder("GET /quiet").startSpan();
    try (Scope scope = root.makeCurrent()) {
      container
          .select(Publisher.class)
          .get()
          .publish("", queue, "quiet")
          .toCompletableFuture()
          .get(10, TimeUnit.SECONDS);
    } finally {
      root.end();
    }
    // the test's own span is exported, so the exporter works; Warren's is not there
    assertThat(inTrace(root.getSpanContext().getTraceId(), "GET /quiet")).hasSize(1);
    assertThat(spans()).noneMatch(s -> s.getName().equals("send " + queue));
    List<GetResponse> messages = Broker.get().drain(queue);
    assertThat(messages).hasSize(1);
    Map<String, Object> headers = messages.get(0).getProps().getHeaders();
    assertThat(headers == null ? Map.of() : headers).doesNotContainKey("traceparent");
  }
}
