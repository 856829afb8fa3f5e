package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * A connection the broker closes (here only this test's own, by its name) is recovered at once, not
 * after the client's default 5 s: a message published right after the close is consumed within a
 * few seconds, twice in a row (the second loss is recovered as fast as the first).
 */
class RecoveryIntervalIT extends WarrenIT {

  static final String QUEUE = "warren.it.recovery-interval";
  static final String CONNECTION_NAME = "warren-it-recovery-interval";

  /** The consumers' connection: the connection name with {@code -consumers}. */
  static final String CONNECTION = CONNECTION_NAME + "-consumers";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
    TestConfig.set("warren.connection-name", CONNECTION_NAME);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  @ApplicationScoped
  public static class Handler {
    static final ConcurrentMap<String, Long> HANDLED_AT = new ConcurrentHashMap<>();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      HANDLED_AT.putIfAbsent(body, System.nanoTime());
      return Outcome.ack();
    }
  }

  @Test
  void aClosedConnectionIsBackWithinSecondsEachTime() {
    Broker.get().publish(QUEUE, "before");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.HANDLED_AT.containsKey("before"));

    for (String body : new String[] {"after-first-loss", "after-second-loss"}) {
      assertThat(Broker.closeConnectionsNamed(CONNECTION, "warren-it: recovery interval"))
          .isPositive();
      long closed = System.nanoTime();
      Broker.get().publish(QUEUE, body);
      // the client's default (5 s before every attempt) would take longer than this
      await().atMost(Duration.ofMillis(4_000)).until(() -> Handler.HANDLED_AT.containsKey(body));
      Duration took = Duration.ofNanos(Handler.HANDLED_AT.get(body) - closed);
      System.out.println(
          "RecoveryIntervalIT: " + body + " consumed " + took.toMillis() + " ms after the close");
    }
  }
}
