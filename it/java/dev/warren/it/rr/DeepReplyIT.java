package dev.warren.it.rr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.RabbitConsumer;
import dev.warren.RequestException;
import dev.warren.RequestException.Reason;
import dev.warren.Requester;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * A reply that makes the decoder throw an {@code Error} (JSON-B overflows the stack on a body of 10
 * KB nested 5,000 levels deep) fails its request as {@code UNDECODABLE_REPLY}, well before the
 * request's timeout, and the requester keeps working.
 */
class DeepReplyIT extends WarrenIT {

  static final String DEEP = "warren.it.rr.deep-reply";
  static final String ECHO = "warren.it.rr.deep-reply.echo";
  static final int DEPTH = 5_000;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(DEEP).queue(ECHO);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(DeepResponder.class);
  }

  @ApplicationScoped
  public static class DeepResponder {
    @RabbitConsumer(queue = DEEP)
    public byte[] deep(String body) {
      return ("[".repeat(DEPTH) + "]".repeat(DEPTH)).getBytes(StandardCharsets.UTF_8);
    }

    @RabbitConsumer(queue = ECHO)
    public String echo(String body) {
      return "echo:" + body;
    }
  }

  @Inject Requester requester;

  @Test
  void aReplyTheDecoderOverflowsOnFailsItsRequestAndTheRequesterGoesOn() throws Exception {
    // the request's own timeout is long: the failure must come from the decoding, not from it
    Duration timeout = Duration.ofSeconds(60);
    for (var type :
        List.<TypeLiteral<?>>of(
            new TypeLiteral<Map<String, Object>>() {},
            new TypeLiteral<List<Object>>() {},
            new TypeLiteral<Object>() {})) {
      CompletableFuture<?> stage =
          requester.request("", DEEP, "x", type, timeout).toCompletableFuture();
      Throwable failure;
      try {
        stage.get(20, TimeUnit.SECONDS);
        throw new AssertionError("a reply nested " + DEPTH + " deep decoded into " + type);
      } catch (TimeoutException e) {
        throw new AssertionError(
            "the request for a " + type.getType() + " never completed after its reply came", e);
      } catch (ExecutionException e) {
        failure = e.getCause();
      }
      assertThat(failure).isInstanceOf(RequestException.class);
      assertThat(((RequestException) failure).reason()).isEqualTo(Reason.UNDECODABLE_REPLY);
      assertThat(failure)
          .hasMessageStartingWith("WARREN-082")
          .hasMessageContaining("StackOverflowError", "nested too deeply");
      assertThat(failure.getCause()).isInstanceOf(StackOverflowError.class);
    }
    // the requester and its completion threads still work
    for (int i = 0; i < 10; i++) {
      assertThat(
              requester
                  .request("", ECHO, "after-" + i, String.class, timeout)
                  .toCompletableFuture()
                  .get(20, TimeUnit.SECONDS))
          .isEqualTo("echo:after-" + i);
    }
  }
}
