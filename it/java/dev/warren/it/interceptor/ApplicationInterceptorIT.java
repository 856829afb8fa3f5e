package dev.warren.it.interceptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InterceptorBinding;
import jakarta.interceptor.InvocationContext;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Warren's interceptor among the application's own, at the default priority (outside {@code
 * APPLICATION}): an application interceptor sees what the method itself returned or threw, and
 * Warren interprets what the application's interceptors pass on. Only Warren's own invocations are
 * interpreted: application code calling a consumer method gets the method's own behaviour, also
 * from inside a handler.
 */
@Tag("container")
class ApplicationInterceptorIT extends WarrenIT {

  static final String OUTCOME = "warren.it.interceptor.app.outcome";
  static final String PLAIN = "warren.it.interceptor.app.plain";
  static final String STAGE = "warren.it.interceptor.app.stage";
  static final String QUOTES = "warren.it.interceptor.app.quotes";
  static final String FORGIVEN = "warren.it.interceptor.app.forgiven";
  static final String FAILING = "warren.it.interceptor.app.failing";
  static final String OUTER = "warren.it.interceptor.app.outer";
  static final String DLQ = "warren.it.interceptor.app.dlq";
  static final Duration WAIT = Duration.ofSeconds(20);

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Map<String, Object> toDlq =
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ);
    Broker broker = Broker.get().queue(DLQ).queue(QUOTES);
    for (String queue : List.of(OUTCOME, PLAIN, STAGE, FORGIVEN, FAILING, OUTER)) {
      broker.queue(queue, toDlq);
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(
        Watched.class,
        Watcher.class,
        Forgiving.class,
        Forgiver.class,
        Handlers.class,
        Inner.class,
        Broken.class,
        Forgivable.class,
        Broken.Mapper.class,
        Quote.class);
  }

  /** Binds {@link Watcher}. */
  @InterceptorBinding
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.METHOD, ElementType.TYPE})
  public @interface Watched {}

  /** Records what each call of a watched method returned or threw, and passes it on. */
  @Watched
  @Interceptor
  @Priority(Interceptor.Priority.APPLICATION)
  public static class Watcher {
    static final List<Object> SEEN = new CopyOnWriteArrayList<>();

    @AroundInvoke
    Object watch(InvocationContext context) throws Exception {
      try {
        Object value = context.proceed();
        SEEN.add(context.getMethod().getName() + " returned " + describe(value));
        return value;
      } catch (Exception e) {
        SEEN.add(context.getMethod().getName() + " threw " + e.getClass().getSimpleName());
        throw e;
      }
    }

    private static String describe(Object value) {
      if (value instanceof CompletionStage<?>) {
        return "a CompletionStage";
      }
      return value instanceof Outcome || value instanceof Quote ? value.toString() : "" + value;
    }
  }

  /** Binds {@link Forgiver}. */
  @InterceptorBinding
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.METHOD, ElementType.TYPE})
  public @interface Forgiving {}

  /** Turns a {@link Forgivable} failure into {@code Outcome.ack()}. */
  @Forgiving
  @Interceptor
  @Priority(Interceptor.Priority.APPLICATION)
  public static class Forgiver {
    @AroundInvoke
    Object forgive(InvocationContext context) throws Exception {
      try {
        return context.proceed();
      } catch (Forgivable e) {
        return Outcome.ack();
      }
    }
  }

  /** A failure {@link Forgiver} forgives. */
  public static class Forgivable extends RuntimeException {
    public Forgivable(String message) {
      super(message);
    }
  }

  /** A responder's reply. */
  public record Quote(String item, int cents) {}

  /** A consumer that other consumers call directly, as application code may. */
  @ApplicationScoped
  public static class Inner {
    static final AtomicInteger CALLS = new AtomicInteger();

    @RabbitConsumer(queue = FAILING)
    public Outcome failing(String body) {
      CALLS.incrementAndGet();
      throw new Broken("failing " + body);
    }
  }

  @ApplicationScoped
  public static class Handlers {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @Inject Inner inner;

    @RabbitConsumer(queue = OUTCOME)
    @Watched
    public Outcome outcome(String body, Delivery delivery) {
      SEEN.add(body + ":" + delivery.redelivered());
      return delivery.redelivered() ? Outcome.ack() : Outcome.retry();
    }

    @RabbitConsumer(queue = PLAIN)
    @Watched
    public void plain(String body) {
      SEEN.add(body);
    }

    @RabbitConsumer(queue = STAGE)
    @Watched
    public CompletionStage<Outcome> stage(String body) {
      return CompletableFuture.supplyAsync(Outcome::drop);
    }

    @RabbitConsumer(queue = QUOTES)
    @Watched
    public Quote quote(String item) {
      return new Quote(item, 1000);
    }

    @RabbitConsumer(queue = FORGIVEN)
    @Forgiving
    public Outcome forgiven(String body) {
      SEEN.add(body);
      throw new Forgivable("forgive " + body);
    }

    /** Calls another consumer method directly: that call is the application's, not Warren's. */
    @RabbitConsumer(queue = OUTER)
    public Outcome outer(String body) {
      try {
        inner.failing(body);
        SEEN.add("outer " + body + ": the inner call returned");
      } catch (Broken e) {
        SEEN.add("outer " + body + ": caught " + e.getMessage());
      }
      return Outcome.ack();
    }
  }

  @Inject Handlers handlers;
  @Inject Inner inner;
  @Inject Requester requester;

  private static void emptied(String queue) {
    await().atMost(WAIT).until(() -> Broker.get().ready(queue) == 0);
  }

  @Test
  void anApplicationInterceptorSeesTheOutcomeTheMethodReturned() {
    Broker.get().publish(OUTCOME, "o1");

    await().atMost(WAIT).until(() -> Handlers.SEEN.contains("o1:true"));
    emptied(OUTCOME);
    assertThat(Handlers.SEEN).containsOnlyOnce("o1:false", "o1:true");
    assertThat(Watcher.SEEN).contains("outcome returned retry()", "outcome returned ack()");
  }

  @Test
  void anApplicationInterceptorSeesNothingReturnedFromAVoidMethod() {
    Broker.get().publish(PLAIN, "p1");

    await().atMost(WAIT).until(() -> Handlers.SEEN.contains("p1"));
    emptied(PLAIN);
    assertThat(Watcher.SEEN).contains("plain returned null");
    assertThat(Broker.get().ready(DLQ)).isZero();
  }

  @Test
  void anApplicationInterceptorSeesTheStageAndWarrenSettlesWhenItCompletes() {
    Broker.get().publish(STAGE, "s1");

    await().atMost(WAIT).until(() -> Broker.get().ready(DLQ) == 1);
    assertThat(Broker.get().drain(DLQ)).extracting(r -> new String(r.getBody())).contains("s1");
    assertThat(Watcher.SEEN).contains("stage returned a CompletionStage");
  }

  @Test
  void anApplicationInterceptorSeesTheRepliesValueBeforeWarrenEncodesIt() throws Exception {
    Quote quote =
        requester
            .request("", QUOTES, "bolt", Quote.class, Duration.ofSeconds(10))
            .toCompletableFuture()
            .get(20, TimeUnit.SECONDS);

    assertThat(quote).isEqualTo(new Quote("bolt", 1000));
    assertThat(Watcher.SEEN).contains("quote returned " + new Quote("bolt", 1000));
  }

  @Test
  void warrenInterpretsWhatTheApplicationsInterceptorsPassOn() {
    Broker.get().publish(FORGIVEN, "g1");

    await().atMost(WAIT).until(() -> Handlers.SEEN.contains("g1"));
    emptied(FORGIVEN);
    assertThat(Broker.get().ready(DLQ)).as("acked, not dropped").isZero();
    assertThat(logs.messagesContaining("WARREN-036"))
        .noneSatisfy(m -> assertThat(m).contains("'" + FORGIVEN + "'"));
  }

  @Test
  void applicationCodeCallingAConsumerMethodGetsItsExceptionAndNothingIsMapped() {
    assertThatThrownBy(() -> inner.failing("direct"))
        .isInstanceOf(Broken.class)
        .hasMessage("failing direct");
    // the application's interceptors apply to its own calls, as always
    assertThat(handlers.forgiven("direct")).isEqualTo(Outcome.ack());

    assertThat(Broken.Mapper.SEEN).doesNotContain("failing direct");
    assertThat(logs.messagesContaining("WARREN-036"))
        .noneSatisfy(m -> assertThat(m).contains("direct"));
  }

  @Test
  void aConsumerMethodCalledFromInsideAHandlerGetsItsExceptionToo() {
    int calls = Inner.CALLS.get();
    Broker.get().publish(OUTER, "n1");

    await().atMost(WAIT).until(() -> Handlers.SEEN.contains("outer n1: caught failing n1"));
    emptied(OUTER);
    assertThat(Inner.CALLS.get() - calls).isOne();
    assertThat(Broken.Mapper.SEEN).doesNotContain("failing n1");
    assertThat(Broker.get().ready(DLQ)).as("acked, not dropped").isZero();
  }
}
