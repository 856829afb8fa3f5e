package dev.warren.it.publish;

import static org.awaitility.Awaitility.await;

import dev.warren.Publisher;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Chains;
import dev.warren.it.support.WarrenIT;
import jakarta.inject.Inject;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * 5,000 {@code publish(a).thenCompose(v -> publish(b))} chains with the default window (1,000):
 * every chain completes. Once only 501 did, then every stage hung.
 */
class CallbackChainsDefaultWindowIT extends WarrenIT {

  static final String CHAINED = "warren.it.publish.chains.default-window";
  static final int CHAINS = 5_000;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(CHAINED);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive();
  }

  @Inject Publisher publisher;

  @Test
  void fiveThousandPublishesChainedFromConfirmCallbacksAllComplete() throws Exception {
    Chains.startAndAwait(
        "publish chains",
        CHAINS,
        i ->
            publisher
                .publish("", CHAINED, "a-" + i)
                .thenCompose(v -> publisher.publish("", CHAINED, "b-" + i)));
    await().atMost(Duration.ofSeconds(20)).until(() -> Broker.get().ready(CHAINED) == 2 * CHAINS);
  }
}
