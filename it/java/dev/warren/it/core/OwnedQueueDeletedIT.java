package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Binding;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 13, point 2: a consumer that owns its topology (declare-topology on) and whose queue is
 * deleted under it (the broker sends {@code basic.cancel}) declares the queue and its binding again
 * before it subscribes again: it consumes within seconds though nobody else declares the queue.
 */
class OwnedQueueDeletedIT extends WarrenIT {

  static final String QUEUE = "warren.it.owned-queue-deleted";
  static final String EXCHANGE = "warren.it.owned-queue-deleted.x";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    TestConfig.set("warren.declare-topology", "true");
    Broker.get().forget(QUEUE).exchange(EXCHANGE, "direct");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  @ApplicationScoped
  public static class Handler {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = QUEUE, bindings = @Binding(exchange = EXCHANGE, routingKeys = "k"))
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void aDeletedQueueThatWarrenOwnsIsDeclaredAgainAndConsumed() {
    Broker.get().publishTo(EXCHANGE, "k", "before");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("before"));

    Broker.get().deleteQueue(QUEUE);
    Broker.get().forget(QUEUE);
    // the first attempt comes after 1 s and declares the queue first
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !logs.messagesContaining("WARREN-110").isEmpty());
    assertThat(Broker.get().consumers(QUEUE)).isEqualTo(1);
    Broker.get().publishTo(EXCHANGE, "k", "after");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("after"));

    assertThat(logs.messagesContaining("WARREN-039"))
        .singleElement()
        .asString()
        .contains("declaring queue '" + QUEUE + "'");
    assertThat(logs.messagesContaining("WARREN-110")).hasSize(1);
    assertThat(logs.messagesContaining("WARREN-111")).isEmpty();
  }
}
