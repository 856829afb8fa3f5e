package dev.warren.it.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * @RetryPublisher sends classic retry copies through another exchange; when that exchange vanishes
 * at runtime the broker closes the consumer's channel, the consumer reopens it by itself, and
 * nothing is lost.
 */
class RetryPublisherIT extends WarrenIT {

  static final String QUEUE = "warren.it.caps.retry-publisher";
  static final String EXCHANGE = "warren.it.caps.retries";
  static final String KEY = "again";

  @RegisterExtension static final LogCapture logs = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
    declareExchange();
  }

  static void declareExchange() {
    Broker.get().exchange(EXCHANGE, "direct").bind(QUEUE, EXCHANGE, KEY);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handler.class);
  }

  /** One delivery as the handler saw it. */
  record Seen(String body, int attempt, String exchange, String routingKey) {}

  @ApplicationScoped
  public static class Handler {
    static final List<Seen> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(
        queue = QUEUE,
        maxAttempts = 5,
        retryPublisher = @RetryPublisher(exchange = EXCHANGE, routingKey = KEY))
    public Outcome handle(String body, Delivery d) {
      SEEN.add(new Seen(body, d.attempt(), d.exchange(), d.routingKey()));
      return d.attempt() < 2 ? Outcome.retry() : Outcome.ack();
    }
  }

  @Test
  void retryCopiesGoThroughTheRetryPublishersExchange() {
    Broker.get().publish(QUEUE, "r-1");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Handler.SEEN.contains(new Seen("r-1", 2, EXCHANGE, KEY)));
    assertThat(Handler.SEEN).contains(new Seen("r-1", 1, "", QUEUE));
  }

  @Test
  void aVanishedRetryExchangeClosesTheChannelWhichReopensAndNothingIsLost() throws Exception {
    Broker.get().deleteExchange(EXCHANGE);
    Broker.get().publish(QUEUE, "r-2");
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> !logs.messagesContaining("WARREN-061").isEmpty());
    assertThat(logs.messagesContaining("WARREN-061").get(0)).contains("NOT_FOUND", EXCHANGE);
    // the consumer came back on its own: the original is delivered again
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> Handler.SEEN.stream().filter(s -> s.body().equals("r-2")).count() >= 2);
    declareExchange();
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> Handler.SEEN.contains(new Seen("r-2", 2, EXCHANGE, KEY)));
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
  }
}
