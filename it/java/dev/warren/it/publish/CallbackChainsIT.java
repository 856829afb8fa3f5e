package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Chains;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * A publish or a request made from a stage's callback, which runs on one of Warren's two completion
 * threads, with a tiny window ({@code max-in-flight=4}) so that the window is full all the time:
 * every chain completes. Once a publish made there waited for a window place that only those
 * threads freed, and every stage hung (0 of 100 chains completed).
 */
class CallbackChainsIT extends WarrenIT {

  static final String CHAINED = "warren.it.publish.chains";
  static final String CHAINED_FROM_REPLIES = "warren.it.publish.chains.from-replies";
  static final String ECHO = "warren.it.publish.chains.echo";
  static final int WINDOW = 4;
  static final int CHAINS = 100;
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(CHAINED).queue(CHAINED_FROM_REPLIES).queue(ECHO);
    TestConfig.set("warren.publisher.max-in-flight", Integer.toString(WINDOW));
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Echo.class);
  }

  @ApplicationScoped
  public static class Echo {
    @RabbitConsumer(queue = ECHO, concurrency = 4)
    public String echo(String body) {
      return "echo:" + body;
    }
  }

  @Inject Publisher publisher;
  @Inject Requester requester;

  @Test
  void publishesChainedFromConfirmCallbacksAllComplete() throws Exception {
    List<CompletableFuture<?>> chains =
        Chains.startAndAwait(
            "publish chains",
            CHAINS,
            i ->
                publisher
                    .publish("", CHAINED, "a-" + i)
                    .thenCompose(v -> publisher.publish("", CHAINED, "b-" + i))
                    .thenCompose(v -> publisher.publish("", CHAINED, "c-" + i)));
    assertThat(chains).allSatisfy(chain -> assertThat(chain).isCompleted());
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(CHAINED) == 3 * CHAINS);
  }

  @Test
  void requestsAndPublishesChainedFromReplyCallbacksAllComplete() throws Exception {
    List<CompletableFuture<?>> chains =
        Chains.startAndAwait(
            "request chains",
            CHAINS,
            i ->
                requester
                    .request("", ECHO, Integer.toString(i), String.class, TIMEOUT)
                    // a request from a reply's callback
                    .thenCompose(r -> requester.request("", ECHO, r, String.class, TIMEOUT))
                    // a publish from a reply's callback, and a request from its confirm's
                    .thenCompose(
                        r -> publisher.publish("", CHAINED_FROM_REPLIES, r).thenApply(v -> r))
                    .thenCompose(r -> requester.request("", ECHO, r, String.class, TIMEOUT)));
    for (int i = 0; i < CHAINS; i++) {
      assertThat(chains.get(i).join()).isEqualTo("echo:echo:echo:" + i);
    }
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Broker.get().ready(CHAINED_FROM_REPLIES) == CHAINS);
  }
}
