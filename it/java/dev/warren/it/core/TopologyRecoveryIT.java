package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Binding;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AfterUndeployment;
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
 * Issue 13, point 2: the topology Warren declares (a queue, its dead letter queue, an exchange and
 * a binding) is declared again after every recovery of the consumers' connection, before the client
 * subscribes the consumer again. The client's own topology recovery reports nothing: it used to
 * replay the declares on the throwaway channel they were made on, closed long before, and log a
 * {@code TopologyRecoveryException} for each. Everything deleted while the connection was down (the
 * test takes the permissions of Warren's user away, so that recovery fails until they are back)
 * exists again and is consumed.
 */
class TopologyRecoveryIT extends WarrenIT {

  static final String QUEUE = "warren.it.topology-recovery";
  static final String DEAD_LETTER = QUEUE + ".dlq";
  static final String EXCHANGE = "warren.it.topology-recovery.x";
  static final String USER = "warren-it-topology-recovery";
  static final String CONNECTION_NAME = "warren-it-topology-recovery";

  /** The consumers' connection, whose recovery declares the topology again. */
  static final String CONNECTION = CONNECTION_NAME + "-consumers";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Broker.rabbitmqctl("add_user", USER, "pw-" + USER);
    permit();
    TestConfig.set("warren.username", USER);
    TestConfig.set("warren.password", "pw-" + USER);
    TestConfig.set("warren.connection-name", CONNECTION_NAME);
    TestConfig.set("warren.declare-topology", "true");
    Broker.get().forget(QUEUE).forget(DEAD_LETTER).exchange(EXCHANGE, "direct");
  }

  @AfterUndeployment
  static void removeUser() {
    Broker.rabbitmqctl("delete_user", USER);
  }

  static void permit() {
    Broker.rabbitmqctl("set_permissions", "-p", "/", USER, ".*", ".*", ".*");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  @ApplicationScoped
  public static class Handler {
    static final Set<String> HANDLED = ConcurrentHashMap.newKeySet();

    @RabbitConsumer(
        queue = QUEUE,
        maxAttempts = 3,
        deadLetter = DEAD_LETTER,
        bindings = @Binding(exchange = EXCHANGE, routingKeys = "k"))
    public Outcome handle(String body) {
      HANDLED.add(body);
      return Outcome.ack();
    }
  }

  @Test
  void theTopologyIsDeclaredAgainAfterEveryRecovery() {
    Broker.get().publishTo(EXCHANGE, "k", "before");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("before"));

    // a recovery with everything still there: the client's topology recovery used to fail here
    assertThat(Broker.closeConnectionsNamed(CONNECTION, "warren-it: topology recovery"))
        .isPositive();
    Broker.get().publishTo(EXCHANGE, "k", "after-recovery");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("after-recovery"));
    assertThat(logs.messagesContaining("TopologyRecoveryException")).isEmpty();

    // the connection stays down (its user may not use the vhost) while its topology is deleted
    Broker.rabbitmqctl("clear_permissions", "-p", "/", USER);
    assertThat(Broker.closeConnectionsNamed(CONNECTION, "warren-it: topology recovery"))
        .isPositive();
    Broker.get().deleteQueue(QUEUE);
    Broker.get().deleteQueue(DEAD_LETTER);
    Broker.get().deleteExchange(EXCHANGE);
    Broker.get().forget(QUEUE).forget(DEAD_LETTER);
    // (logged once a minute at most: the first failed attempt)
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !logs.messagesContaining("could not recover connection").isEmpty());
    assertThat(Broker.get().exists(QUEUE)).isFalse();
    permit();

    // declared again before the consumer subscribed again: exactly one consumer, no 404 on the way
    await().atMost(Duration.ofSeconds(15)).until(() -> Broker.get().consumers(QUEUE) == 1);
    assertThat(Broker.get().exists(DEAD_LETTER)).isTrue();
    Broker.get().publishTo(EXCHANGE, "k", "after-deletion");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED.contains("after-deletion"));

    assertThat(logs.messagesContaining("TopologyRecoveryException")).isEmpty();
    assertThat(logs.messagesContaining("WARREN-111")).isEmpty();
    assertThat(logs.messagesContaining("WARREN-061")).isEmpty();
  }
}
