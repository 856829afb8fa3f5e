package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
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
 * Issue 13, point 1: a queue deleted under a running consumer (the broker sends {@code
 * basic.cancel}) and declared again is consumed again, without any connection recovery.
 */
class QueueDeletedIT extends WarrenIT {

  static final String QUEUE = "warren.it.queue-deleted";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  @ApplicationScoped
  public static class Handler {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void aDeletedQueueDeclaredAgainIsConsumedAgain() {
    Broker.get().publish(QUEUE, "before");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("before"));

    Broker.get().deleteQueue(QUEUE);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !logs.messagesContaining("WARREN-039").isEmpty());
    Broker.get().queue(QUEUE);
    for (int i = 0; i < 100; i++) {
      Broker.get().publish(QUEUE, Integer.toString(i));
    }

    // the pause grows from 1 s: within a few seconds the consumer is back
    await().atMost(Duration.ofSeconds(15)).until(() -> Handler.HANDLED.size() == 101);
    // logged once the subscription is back; its deliveries may all be handled before that
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> !logs.messagesContaining("WARREN-110").isEmpty());
    assertThat(logs.messagesContaining("WARREN-039")).hasSize(1);
    assertThat(logs.messagesContaining("WARREN-110")).hasSize(1);
    assertThat(logs.messagesContaining("WARREN-061")).isEmpty();
  }
}
