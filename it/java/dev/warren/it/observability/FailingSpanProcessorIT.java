package dev.warren.it.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 14: a step that runs as a continuation between a handler's result and its delivery's frame
 * (the handler's stage, a copy's or a reply's confirm, a batch, an in-process delay, a
 * handler-timeout) and throws, here because the application's OpenTelemetry has a span processor
 * that throws once for one of Warren's spans. Before, the delivery was never settled: it stayed
 * unacked until the channel closed, nothing was logged, and shutdown waited for it. Now it goes
 * back to its queue when no frame was sent for it yet ({@code WARREN-137}), or the failure is
 * reported after its frame ({@code WARREN-138}); the message always ends where its outcomes send
 * it. Weld SE, real broker, one consumer and queue per continuation.
 */
@Tag("observability")
class FailingSpanProcessorIT {

  static final String COPY = "warren.it.guard.copy";
  static final String CONFIRM = "warren.it.guard.confirm";
  static final String REPLY = "warren.it.guard.reply";
  static final String BATCH = "warren.it.guard.batch";
  static final String DELAY = "warren.it.guard.delay";
  static final String TIMEOUT = "warren.it.guard.timeout";
  static final String PUBLISHED = "warren.it.guard.published";

  static final AttributeKey<String> CONSUMER = AttributeKey.stringKey("warren.consumer");
  static final AttributeKey<String> SEND_KIND = AttributeKey.stringKey("warren.send.kind");

  @RegisterExtension static final LogCapture logs = new LogCapture();

  static WeldContainer container;

  @BeforeAll
  static void deploy() {
    TestConfig.clear();
    TestConfig.set("warren.consumers.guard-timeout.handler-timeout", "1s");
    Broker broker = Broker.get();
    for (String queue : List.of(COPY, CONFIRM, REPLY, BATCH, DELAY, TIMEOUT)) {
      broker.queue(queue).queue(queue + ".dlq");
    }
    broker.queue(PUBLISHED);
    container = WeldSe.start(Handlers.class, Telemetry.class);
  }

  @AfterAll
  static void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  /** The application's OpenTelemetry: the SDK with a span processor that fails when told to. */
  public static class Telemetry {
    @Produces
    static final OpenTelemetry OPEN_TELEMETRY =
        OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(new Failing()).build())
            .build();
  }

  /**
   * Throws from {@code onStart} or {@code onEnd} of a send span of one consumer and kind, as many
   * times as {@link #fail} said (as a processor that expects an attribute Warren's copies lack
   * would, for every one of them).
   */
  static final class Failing implements SpanProcessor {
    static final Map<String, AtomicInteger> FAILURES = new ConcurrentHashMap<>();

    static void fail(String when, String consumer, String kind, int times) {
      FAILURES.put(when + " " + consumer + " " + kind, new AtomicInteger(times));
    }

    private static void maybeFail(String when, ReadableSpan span) {
      AtomicInteger left =
          FAILURES.get(
              when + " " + span.getAttribute(CONSUMER) + " " + span.getAttribute(SEND_KIND));
      if (left != null && left.getAndDecrement() > 0) {
        throw new IllegalStateException("the span processor failed at " + when + " of " + span);
      }
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
      maybeFail("start", span);
    }

    @Override
    public boolean isStartRequired() {
      return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {
      maybeFail("end", span);
    }

    @Override
    public boolean isEndRequired() {
      return true;
    }
  }

  @ApplicationScoped
  public static class Handlers {
    static final List<String> CALLS = new CopyOnWriteArrayList<>();
    static final AtomicInteger TIMEOUT_CALLS = new AtomicInteger();

    @RabbitConsumer(name = "guard-copy", queue = COPY, maxAttempts = 2, deadLetter = COPY + ".dlq")
    public Outcome copy(String body) {
      CALLS.add("copy " + body);
      return Outcome.retry();
    }

    @RabbitConsumer(
        name = "guard-confirm",
        queue = CONFIRM,
        maxAttempts = 2,
        deadLetter = CONFIRM + ".dlq")
    public Outcome confirm(String body) {
      return Outcome.retry();
    }

    @RabbitConsumer(name = "guard-reply", queue = REPLY)
    public String reply(String item) {
      return item + ":42";
    }

    @RabbitConsumer(
        name = "guard-batch",
        queue = BATCH,
        batchSize = 3,
        batchWait = "5s",
        maxAttempts = 2,
        deadLetter = BATCH + ".dlq")
    public Outcome batch(List<String> bodies) {
      return Outcome.retry();
    }

    @RabbitConsumer(
        name = "guard-delay",
        queue = DELAY,
        maxAttempts = 2,
        deadLetter = DELAY + ".dlq")
    public Outcome delay(String body) {
      return Outcome.retryAfter(Duration.ofMillis(200));
    }

    @RabbitConsumer(
        name = "guard-timeout",
        queue = TIMEOUT,
        maxAttempts = 3,
        deadLetter = TIMEOUT + ".dlq")
    public Outcome timeout(String body) throws InterruptedException {
      if (TIMEOUT_CALLS.incrementAndGet() == 1) {
        Thread.sleep(3000); // past the handler-timeout: interrupted
      }
      return Outcome.ack();
    }
  }

  /**
   * A bounded wait that leaves exceptions thrown on other threads alone: before the fix they
   * escaped Warren's timer and completion threads, and what matters here is what became of the
   * message.
   */
  static org.awaitility.core.ConditionFactory waitUpTo(Duration limit) {
    return await().dontCatchUncaughtExceptions().atMost(limit);
  }

  /** Messages the broker has delivered to a consumer of {@code queue} and not had settled. */
  static int unacked(String queue) {
    for (String line :
        Broker.rabbitmqctl(
                "list_queues", "-q", "--no-table-headers", "name", "messages_unacknowledged")
            .split("\n")) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length == 2 && fields[0].equals(queue)) {
        return Integer.parseInt(fields[1]);
      }
    }
    throw new IllegalStateException("no queue " + queue);
  }

  @Test
  void aCopyThatCannotStartGoesBackToTheQueueAndReachesTheDeadLetterQueue() {
    Failing.fail("start", "guard-copy", "retry", 1);
    Broker.get().publish(COPY, "m1");

    // before: the first retry copy's span threw inside the handler's continuation, so the
    // original stayed unacked and never reached the dead letter queue
    waitUpTo(Duration.ofSeconds(15)).until(() -> Broker.get().ready(COPY + ".dlq") == 1);
    assertThat(Handlers.CALLS).containsExactly("copy m1", "copy m1", "copy m1");
    assertThat(logs.messagesContaining("WARREN-137"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-copy'")
                    .contains("#copy")
                    .contains("after its handler returned")
                    .contains("basic.reject requeue=true")
                    .contains("the span processor failed"));
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(COPY) == 0);
  }

  @Test
  void aCopysSpanThatFailsToEndStillSettlesTheOriginal() {
    Failing.fail("end", "guard-confirm", "retry", 1);
    Broker.get().publish(CONFIRM, "m1");

    // before: the copy was confirmed, but its span threw before the original's frame
    // (the copy itself went on to its second attempt and the dead letter queue)
    waitUpTo(Duration.ofSeconds(15)).until(() -> Broker.get().ready(CONFIRM + ".dlq") == 1);
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(CONFIRM) == 0);
    assertThat(logs.messagesContaining("WARREN-138"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-confirm'")
                    .contains("ending the span of the original's copy"));
  }

  @Test
  void aReplysSpanThatFailsToEndStillAcksTheRequest() throws Exception {
    Failing.fail("end", "guard-reply", "reply", 1);

    String reply =
        container
            .select(Requester.class)
            .get()
            .request("", REPLY, "tea", String.class, Duration.ofSeconds(10))
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);

    assertThat(reply).isEqualTo("tea:42");
    // before: the request stayed unacked for good, since its reply's stage never completed
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(REPLY) == 0);
    assertThat(Broker.get().ready(REPLY)).isZero();
    assertThat(logs.messagesContaining("consumer 'guard-reply'"))
        .noneMatch(m -> m.startsWith("WARREN-137") || m.startsWith("WARREN-031"));
    assertThat(logs.messagesContaining("WARREN-138"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-reply'")
                    .contains("ending the span of the request's reply"));
  }

  @Test
  void oneDeliveryOfABatchWhoseCopyFailsDoesNotLeaveTheOthersUnsettled() {
    Failing.fail("start", "guard-batch", "retry", 1);
    for (int i = 1; i <= 3; i++) {
      Broker.get().publish(BATCH, "m" + i);
    }

    // before: the first delivery's copy threw, and neither it nor the two after it were settled
    waitUpTo(Duration.ofSeconds(30)).until(() -> Broker.get().ready(BATCH + ".dlq") == 3);
    assertThat(logs.messagesContaining("WARREN-137"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-batch'")
                    .contains("after its batch's handler returned"));
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(BATCH) == 0);
  }

  @Test
  void aDelayedCopyThatCannotStartWhenItsDelayEndsGoesBackToTheQueue() {
    Failing.fail("start", "guard-delay", "delay", 1);
    Broker.get().publish(DELAY, "m1");

    // before: the timer's copy threw on Warren's completion threads, the original stayed held
    waitUpTo(Duration.ofSeconds(15)).until(() -> Broker.get().ready(DELAY + ".dlq") == 1);
    assertThat(logs.messagesContaining("WARREN-137"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-delay'")
                    .contains("when its in-process delay ended"));
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(DELAY) == 0);
  }

  @Test
  void aRetryAtTheHandlerTimeoutWhoseCopyCannotStartGoesBackToTheQueue() {
    Failing.fail("start", "guard-timeout", "retry", 1);
    Broker.get().publish(TIMEOUT, "m1");

    // before: the retry copy for the overrun threw on Warren's completion threads, and the
    // message stayed unacked; now it comes back and the second call acks it
    waitUpTo(Duration.ofSeconds(15)).until(() -> Handlers.TIMEOUT_CALLS.get() >= 2);
    waitUpTo(Duration.ofSeconds(10)).until(() -> unacked(TIMEOUT) == 0);
    assertThat(Broker.get().ready(TIMEOUT)).isZero();
    assertThat(logs.messagesContaining("WARREN-137"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("consumer 'guard-timeout'")
                    .contains("on Warren's completion threads"));
  }

  @Test
  void aPublishWhoseSpanFailsToEndStillCompletesItsStage() throws Exception {
    Failing.fail("end", "null", "publish", 1); // the Publisher's spans name no consumer

    // before: the stage the application got never completed, though the broker had confirmed
    container
        .select(Publisher.class)
        .get()
        .publish("", PUBLISHED, "p1")
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);

    assertThat(Broker.get().ready(PUBLISHED)).isEqualTo(1);
  }
}
