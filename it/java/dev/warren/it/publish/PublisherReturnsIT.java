package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.GetResponse;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.Publisher;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * Which message a {@code basic.return} is about, against the real broker: a binding is removed
 * while a stream of mandatory messages is in flight, so the messages published before it are queued
 * and those after it come back. Every stage must say which of the two happened to its own message.
 */
class PublisherReturnsIT extends WarrenIT {

  static final String QUEUE = "warren.it.publish.returns";
  static final String EXCHANGE = "warren.it.publish.returns.x";
  static final int MESSAGES = 3000;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE).exchange(EXCHANGE, "direct");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive();
  }

  @Inject Publisher publisher;

  @Test
  void messagesThatDifferAreEachReportedAsQueuedOrReturnedTruthfully() throws Exception {
    List<CompletableFuture<Void>> stages = streamWhileUnbinding(this::numbered);
    Set<Integer> confirmed = new TreeSet<>();
    Set<Integer> returned = new TreeSet<>();
    for (int i = 0; i < MESSAGES; i++) {
      (outcome(stages.get(i)) == null ? confirmed : returned).add(i);
    }
    Set<Integer> queued = new TreeSet<>();
    for (GetResponse message : Broker.get().drain(QUEUE)) {
      queued.add(ByteBuffer.wrap(message.getBody()).getInt());
    }
    assertThat(returned).as("some messages came back").isNotEmpty();
    assertThat(confirmed).as("some messages were queued").isNotEmpty();
    assertThat(queued).as("each message reported queued is, and no other").isEqualTo(confirmed);
  }

  @Test
  void identicalMessagesInFlightAreToldApartInPublishOrder() throws Exception {
    byte[] same = "the same message".getBytes(StandardCharsets.UTF_8);
    List<CompletableFuture<Void>> stages = streamWhileUnbinding(i -> same);
    List<Reason> outcomes = new ArrayList<>();
    for (CompletableFuture<Void> stage : stages) {
      outcomes.add(outcome(stage));
    }
    int firstReturned = outcomes.indexOf(Reason.UNROUTABLE);
    assertThat(firstReturned).as("some messages came back").isPositive();
    // the broker routes a channel's messages in publish order: queued ones first, then returned
    assertThat(outcomes.subList(0, firstReturned)).containsOnlyNulls();
    assertThat(outcomes.subList(firstReturned, MESSAGES)).containsOnly(Reason.UNROUTABLE);
    assertThat(Broker.get().drain(QUEUE)).hasSize(firstReturned);
  }

  private byte[] numbered(int i) {
    return ByteBuffer.allocate(64).putInt(i).array();
  }

  /**
   * Publishes {@link #MESSAGES} mandatory messages to the exchange, whose binding to the queue is
   * removed halfway through, while hundreds are unconfirmed.
   */
  private List<CompletableFuture<Void>> streamWhileUnbinding(
      java.util.function.IntFunction<byte[]> body) {
    Broker.get().drain(QUEUE);
    Broker.get().bind(QUEUE, EXCHANGE, "key");
    List<CompletableFuture<Void>> stages = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      if (i == MESSAGES / 2) {
        Broker.get().unbind(QUEUE, EXCHANGE, "key");
      }
      stages.add(publisher.publish(EXCHANGE, "key", body.apply(i)).toCompletableFuture());
    }
    return stages;
  }

  /** {@code null} when confirmed, else the failure's reason. */
  private static Reason outcome(CompletableFuture<Void> stage) throws Exception {
    try {
      stage.get(30, TimeUnit.SECONDS);
      return null;
    } catch (ExecutionException e) {
      return ((PublishException) e.getCause()).reason();
    }
  }
}
