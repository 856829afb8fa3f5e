package dev.warren.it.interceptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import dev.warren.spi.FailureMapper;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Warren's interceptor at its default priority, outside MicroProfile Fault Tolerance (SmallRye
 * Fault Tolerance 6.9.3): {@code @Retry} retries in the service before Warren maps the last
 * exception, {@code @Fallback} may return the outcome, and a {@code @Timeout} or an open circuit
 * maps like any exception; batch consumers and responders alike. The archive's discovery mode is
 * {@code all}.
 */
@Tag("container")
@Tag("fault-tolerance")
class FaultToleranceIT extends WarrenIT {

  static final String RETRY = "warren.it.interceptor.ft.retry";
  static final String FALLBACK = "warren.it.interceptor.ft.fallback";
  static final String TIMEOUT = "warren.it.interceptor.ft.timeout";
  static final String BREAKER = "warren.it.interceptor.ft.breaker";
  static final String BATCH = "warren.it.interceptor.ft.batch";
  static final String QUOTES = "warren.it.interceptor.ft.quotes";
  static final String DLQ = "warren.it.interceptor.ft.dlq";
  static final Duration WAIT = Duration.ofSeconds(20);

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Map<String, Object> toDlq =
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ);
    Broker broker = Broker.get().queue(DLQ).queue(QUOTES);
    for (String queue : List.of(RETRY, FALLBACK, TIMEOUT, BREAKER, BATCH)) {
      broker.queue(queue, toDlq);
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return ShrinkWrap.create(JavaArchive.class)
        .addClasses(Handlers.class, Broken.class, Broken.Mapper.class, TimeoutMapper.class)
        .addAsManifestResource(
            new StringAsset(
                "<beans xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"4.0\""
                    + " bean-discovery-mode=\"all\"/>"),
            "beans.xml");
  }

  /** Maps Fault Tolerance's timeout to drop, and remembers it. */
  public static class TimeoutMapper implements FailureMapper<TimeoutException> {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @Override
    public Outcome toOutcome(TimeoutException failure, Delivery delivery) {
      SEEN.add(new String(delivery.body()));
      return Outcome.drop();
    }
  }

  /** No scope annotation: a bean only because the archive discovers all classes. */
  public static class Handlers {
    static final AtomicInteger RETRIED = new AtomicInteger();
    static final AtomicInteger FALLING_BACK = new AtomicInteger();
    static final List<String> TIMED = new CopyOnWriteArrayList<>();
    static final AtomicInteger BROKEN = new AtomicInteger();
    static final List<String> BATCHES = new CopyOnWriteArrayList<>();
    static final AtomicInteger QUOTED = new AtomicInteger();

    @RabbitConsumer(queue = RETRY)
    @Retry(maxRetries = 2, jitter = 0)
    public Outcome alwaysThrows(String body) {
      throw new Broken(body + " call " + RETRIED.incrementAndGet());
    }

    @RabbitConsumer(queue = FALLBACK)
    @Fallback(fallbackMethod = "dropped")
    public Outcome fallsBack(String body) {
      FALLING_BACK.incrementAndGet();
      throw new Broken("no " + body);
    }

    public Outcome dropped(String body) {
      return Outcome.drop();
    }

    @RabbitConsumer(queue = TIMEOUT)
    @Timeout(200)
    public Outcome slowWhenAsked(String body) throws InterruptedException {
      TIMED.add(body);
      if (body.equals("slow")) {
        Thread.sleep(10_000);
      }
      return Outcome.ack();
    }

    @RabbitConsumer(queue = BREAKER)
    @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1.0, delay = 60_000)
    public Outcome breaks(String body) {
      BROKEN.incrementAndGet();
      throw new Broken("broken " + body);
    }

    @RabbitConsumer(queue = BATCH, batchSize = 3, batchWait = "5s", prefetch = 10)
    @Retry(maxRetries = 1, jitter = 0)
    public List<Outcome> batch(List<String> bodies) {
      BATCHES.add(String.join(",", bodies));
      if (BATCHES.size() == 1) {
        throw new IllegalStateException("the first call fails");
      }
      return bodies.stream().map(b -> b.equals("b2") ? Outcome.drop() : Outcome.ack()).toList();
    }

    @RabbitConsumer(queue = QUOTES)
    @Retry(maxRetries = 1, jitter = 0)
    public String quote(String item) {
      if (QUOTED.incrementAndGet() == 1) {
        throw new IllegalStateException("the first quote fails");
      }
      return item + "=1000";
    }
  }

  @Inject Requester requester;

  private static List<String> dead(int count) {
    await().atMost(WAIT).until(() -> Broker.get().ready(DLQ) >= count);
    return Broker.get().drain(DLQ).stream().map(r -> new String(r.getBody())).toList();
  }

  private static List<String> failuresLoggedFor(String queue) {
    return logs.messagesContaining("WARREN-036").stream()
        .filter(m -> m.contains("'" + queue + "'"))
        .toList();
  }

  @Test
  void retryCallsTheMethodThreeTimesThenWarrenMapsTheLastException() {
    Broker.get().publish(RETRY, "r1");

    assertThat(dead(1)).containsExactly("r1");
    assertThat(Handlers.RETRIED).hasValue(3);
    assertThat(Broken.Mapper.SEEN)
        .filteredOn(s -> s.startsWith("r1 "))
        .containsExactly("r1 call 3");
    assertThat(failuresLoggedFor(RETRY))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("r1 call 3", "drop()"));
  }

  @Test
  void aFallbackReturnsTheOutcome() {
    Broker.get().publish(FALLBACK, "f1");

    assertThat(dead(1)).containsExactly("f1");
    assertThat(Handlers.FALLING_BACK).hasValue(1);
    assertThat(Broken.Mapper.SEEN).doesNotContain("no f1");
    assertThat(failuresLoggedFor(FALLBACK)).as("Warren saw the fallback's outcome").isEmpty();
  }

  @Test
  void aTimeoutMapsLikeAnyExceptionAndTheNextDeliveryIsHandled() {
    Broker.get().publish(TIMEOUT, "slow");
    Broker.get().publish(TIMEOUT, "quick");

    assertThat(dead(1)).containsExactly("slow");
    assertThat(TimeoutMapper.SEEN).containsExactly("slow");
    await().atMost(WAIT).until(() -> Handlers.TIMED.contains("quick"));
    await().atMost(WAIT).until(() -> Broker.get().ready(TIMEOUT) == 0);
    assertThat(Broker.get().ready(DLQ)).as("the quick one was acked").isZero();
  }

  @Test
  void anOpenCircuitMapsLikeAnyExceptionWithoutCallingTheMethod() {
    for (String body : List.of("c1", "c2", "c3")) {
      Broker.get().publish(BREAKER, body);
    }

    assertThat(dead(3)).containsExactly("c1", "c2", "c3");
    assertThat(Handlers.BROKEN).as("the open circuit kept the third call out").hasValue(2);
    assertThat(Broken.Mapper.SEEN).contains("broken c1", "broken c2").doesNotContain("broken c3");
    assertThat(failuresLoggedFor(BREAKER))
        .anySatisfy(m -> assertThat(m).contains(CircuitBreakerOpenException.class.getName()));
  }

  @Test
  void aBatchConsumerIsRetriedAndWarrenSettlesWhatTheSecondCallReturned() {
    for (String body : List.of("b1", "b2", "b3")) {
      Broker.get().publish(BATCH, body);
    }

    assertThat(dead(1)).containsExactly("b2");
    assertThat(Handlers.BATCHES).containsExactly("b1,b2,b3", "b1,b2,b3");
    await().atMost(WAIT).until(() -> Broker.get().ready(BATCH) == 0);
    assertThat(failuresLoggedFor(BATCH)).isEmpty();
  }

  @Test
  void aResponderIsRetriedAndRepliesWithWhatTheSecondCallReturned() throws Exception {
    String reply =
        requester
            .request("", QUOTES, "bolt", String.class, Duration.ofSeconds(10))
            .toCompletableFuture()
            .get(20, TimeUnit.SECONDS);

    assertThat(reply).isEqualTo("bolt=1000");
    assertThat(Handlers.QUOTED).hasValue(2);
    await().atMost(WAIT).until(() -> Broker.get().ready(QUOTES) == 0);
  }
}
