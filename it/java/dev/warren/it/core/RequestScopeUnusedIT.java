package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An application with no {@code @RequestScoped} bean and no observer of the request context's
 * events: Warren does not activate the request context around its calls (nothing could use it), and
 * every delivery is still handled and acked. {@link RequestScopeIT} and {@link
 * RequestScopeObservedIT} show the other cases.
 */
@Tag("container")
class RequestScopeUnusedIT extends WarrenIT {

  static final String QUEUE = "warren.it.request-scope.unused";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
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
  void callsGoWithoutTheRequestContextWhenNothingCouldUseIt() {
    for (int i = 0; i < 5; i++) {
      Broker.get().publish(QUEUE, "m" + i);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.ACTIVE.size() >= 5);
    assertThat(Handler.ACTIVE).containsOnly(false);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
  }
}
