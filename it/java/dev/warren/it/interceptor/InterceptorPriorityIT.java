package dev.warren.it.interceptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.interceptor.ApplicationInterceptorIT.Forgivable;
import dev.warren.it.interceptor.ApplicationInterceptorIT.Forgiver;
import dev.warren.it.interceptor.ApplicationInterceptorIT.Forgiving;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.interceptor.Interceptor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code warren.interceptor.priority} moves Warren's interceptor in the chain: at {@code
 * PLATFORM_AFTER + 20} it is inside Fault Tolerance ({@code PLATFORM_AFTER + 10}) and inside the
 * application's {@code APPLICATION} interceptors, so it interprets every attempt of a
 * {@code @Retry} and no longer sees what an application interceptor makes of a failure. Weld SE
 * with bean discovery off: the beans are added one by one, as the benchmark and embedded services
 * do.
 */
@Tag("container")
@Tag("fault-tolerance")
class InterceptorPriorityIT {

  static final String RETRY = "warren.it.interceptor.priority.retry";
  static final String FORGIVEN = "warren.it.interceptor.priority.forgiven";
  static final String DLQ = "warren.it.interceptor.priority.dlq";
  static final int INSIDE_FAULT_TOLERANCE = Interceptor.Priority.PLATFORM_AFTER + 20;
  static final Duration WAIT = Duration.ofSeconds(20);

  @RegisterExtension static final LogCapture logs = new LogCapture();

  static WeldContainer container;

  @ApplicationScoped
  public static class Handlers {
    static final AtomicInteger CALLS = new AtomicInteger();
    static final List<String> FORGIVEN_SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = RETRY)
    @Retry(maxRetries = 2, jitter = 0)
    public Outcome alwaysThrows(String body) {
      throw new Broken(body + " call " + CALLS.incrementAndGet());
    }

    @RabbitConsumer(queue = FORGIVEN)
    @Forgiving
    public Outcome forgiven(String body) {
      FORGIVEN_SEEN.add(body);
      throw new Forgivable("forgive " + body);
    }
  }

  @BeforeAll
  static void start() {
    Map<String, Object> toDlq =
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ);
    Broker.get().queue(DLQ).queue(RETRY, toDlq).queue(FORGIVEN, toDlq);
    TestConfig.set("warren.interceptor.priority", Integer.toString(INSIDE_FAULT_TOLERANCE));
    container = WeldSe.start(Handlers.class, Broken.Mapper.class, Forgiver.class);
  }

  @AfterAll
  static void stop() {
    try {
      if (container != null) {
        container.close();
      }
    } finally {
      TestConfig.clear();
      Broker.get().cleanUp();
    }
  }

  @Test
  void insideFaultToleranceWarrenInterpretsEveryAttemptAndSettlesByTheLast() {
    Broker.get().publish(RETRY, "p1");

    await().atMost(WAIT).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(Broker.get().drain(DLQ)).extracting(r -> new String(r.getBody())).contains("p1");
    assertThat(Handlers.CALLS).hasValue(3);
    assertThat(Broken.Mapper.SEEN)
        .filteredOn(m -> m.startsWith("p1 "))
        .containsExactly("p1 call 1", "p1 call 2", "p1 call 3");
    assertThat(logs.messagesContaining("WARREN-036"))
        .filteredOn(m -> m.contains("'" + RETRY + "'"))
        .hasSize(3);
  }

  @Test
  void insideTheApplicationsInterceptorsWarrenMapsTheFailureTheyWouldForgive() {
    Broker.get().publish(FORGIVEN, "g1");

    await().atMost(WAIT).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(Broker.get().drain(DLQ)).extracting(r -> new String(r.getBody())).contains("g1");
    assertThat(Handlers.FORGIVEN_SEEN).containsExactly("g1");
    assertThat(logs.messagesContaining("WARREN-036"))
        .anySatisfy(m -> assertThat(m).contains("'" + FORGIVEN + "'", "forgive g1", "drop()"));
  }
}
