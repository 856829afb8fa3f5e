package dev.warren.it.observability;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * With the application's {@code OpenTelemetry} bean (the SDK, in-memory exporters): a message's
 * trace follows it from the publisher through each attempt of a consumer to its retry and
 * dead-letter copies, and a request, its handling and its reply form one trace; the metrics count
 * what happened. Weld SE, real broker. The checks are in {@link TraceChecks}: this class names no
 * OpenTelemetry type, so that test runs without OpenTelemetry can skip it by its tag.
 */
@Tag("container")
@Tag("observability")
class TracesIT {

  static final String ORDERS = "warren.it.traces.orders";
  static final String ORDERS_DLQ = "warren.it.traces.orders.dlq";
  static final String PRICES = "warren.it.traces.prices";
  static final String FAILS = "warren.it.traces.fails";
  static final String FAILS_DLQ = "warren.it.traces.fails.dlq";
  static final String BATCHES = "warren.it.traces.batches";

  static WeldContainer container;

  @BeforeAll
  static void deploy() {
    TestConfig.clear();
    Broker.get()
        .queue(ORDERS)
        .queue(ORDERS_DLQ)
        .queue(PRICES)
        .queue(FAILS)
        .queue(FAILS_DLQ)
        .queue(BATCHES);
    container = WeldSe.start(Handlers.class, InMemoryOpenTelemetry.class);
  }

  @AfterAll
  static void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class Handlers {
    @RabbitConsumer(queue = ORDERS, maxAttempts = 2, deadLetter = ORDERS_DLQ)
    public Outcome order(String body) {
      return Outcome.retry();
    }

    @RabbitConsumer(queue = PRICES)
    public String price(String item) {
      return item + ":42";
    }

    @RabbitConsumer(queue = FAILS, maxAttempts = 1, deadLetter = FAILS_DLQ)
    public Outcome fails(String body) {
      throw new IllegalStateException("stock service down");
    }

    @RabbitConsumer(queue = BATCHES, batchSize = 3, batchWait = "2s")
    public Outcome batch(List<String> bodies) {
      return Outcome.ack();
    }
  }

  @Test
  void publishConsumeRetryDeadLetterIsOneTraceParentToChildAcrossTheBroker() throws Exception {
    TraceChecks.publishConsumeRetryDeadLetter(container);
  }

  @Test
  void requestAndReplyAreClientServerAndReplySpansOfOneTrace() throws Exception {
    TraceChecks.requestAndReply(container);
  }

  @Test
  void aBatchHasOneSpanLinkedToEachMessagesTrace() throws Exception {
    TraceChecks.batch(container);
  }

  @Test
  void aHandlersExceptionIsRecordedOnItsSpan() {
    TraceChecks.handlerException();
  }
}
