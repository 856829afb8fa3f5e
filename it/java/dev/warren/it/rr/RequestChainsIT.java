package dev.warren.it.rr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Chains;
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
 * Requests made from a reply's callback, on Warren's completion threads, 1,000 chains of three at
 * once: every chain completes. The requester has no window, so this never waited by itself; mixed
 * with publishes it hung until publishing stopped waiting there ({@code CallbackChainsIT}).
 */
class RequestChainsIT extends WarrenIT {

  static final String ECHO = "warren.it.rr.chains.echo";
  static final int CHAINS = 1_000;
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(ECHO);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(ChainEcho.class);
  }

  @ApplicationScoped
  public static class ChainEcho {
    @RabbitConsumer(queue = ECHO, concurrency = 4)
    public String echo(String body) {
      return "echo:" + body;
    }
  }

  @Inject Requester requester;

  @Test
  void requestsChainedFromReplyCallbacksAllComplete() throws Exception {
    List<CompletableFuture<?>> chains =
        Chains.startAndAwait(
            "request chains",
            CHAINS,
            i ->
                requester
                    .request("", ECHO, Integer.toString(i), String.class, TIMEOUT)
                    .thenCompose(r -> requester.request("", ECHO, r, String.class, TIMEOUT))
                    .thenCompose(r -> requester.request("", ECHO, r, String.class, TIMEOUT)));
    for (int i = 0; i < CHAINS; i++) {
      assertThat(chains.get(i).join()).isEqualTo("echo:echo:echo:" + i);
    }
  }
}
