package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Destroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An application whose only use of the request context is observing its events (no
 * {@code @RequestScoped} bean): each delivery still runs in a request context of its own, started
 * and ended around the call.
 */
@Tag("container")
class RequestScopeObservedIT extends WarrenIT {

  static final String QUEUE = "warren.it.request-scope.observed";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class, Lifecycle.class);
  }

  /** Counts the request contexts started and ended on Warren's worker threads. */
  @ApplicationScoped
  public static class Lifecycle {
    static final AtomicInteger STARTED = new AtomicInteger();
    static final AtomicInteger ENDED = new AtomicInteger();

    void started(@Observes @Initialized(RequestScoped.class) Object payload) {
      if (Thread.currentThread().getName().startsWith("warren-")) {
        STARTED.incrementAndGet();
      }
    }

    void ended(@Observes @Destroyed(RequestScoped.class) Object payload) {
      if (Thread.currentThread().getName().startsWith("warren-")) {
        ENDED.incrementAndGet();
      }
    }
  }

  /** Records whether the request context was active during each call. */
  @ApplicationScoped
  public static class Handler {
    static final List<Boolean> ACTIVE = new CopyOnWriteArrayList<>();

    @Inject BeanManager beanManager;

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      ACTIVE.add(requestContextActive(beanManager));
      return Outcome.ack();
    }
  }

  @Test
  void eachDeliveryRunsInARequestContextOfItsOwn() {
    for (int i = 0; i < 5; i++) {
      Broker.get().publish(QUEUE, "m" + i);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> Lifecycle.ENDED.get() >= 5);
    assertThat(Handler.ACTIVE).hasSize(5).containsOnly(true);
    assertThat(Lifecycle.STARTED).hasValue(5);
    assertThat(Lifecycle.ENDED).hasValue(5);
  }
}
