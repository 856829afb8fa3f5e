package dev.warren.it.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * The longest per-message TTL is the broker's: 315,360,000,000 ms (3650 days) is accepted and
 * confirmed through Warren, one millisecond more is refused by the broker with 406 (which would
 * close Warren's shared publishing channel) and so by {@link OutgoingMessage}'s builder before it
 * can reach the wire ({@code WARREN-220}).
 */
class ExpirationLimitIT extends WarrenIT {

  static final String QUEUE = "warren.it.publish.expiration-limit";
  static final long LONGEST = 315_360_000_000L;

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive();
  }

  @Inject Publisher publisher;

  @Test
  void theLongestExpirationTheBrokerTakesIsConfirmedAndOneMoreNeverLeaves() throws Exception {
    publisher
        .publish(
            OutgoingMessage.to("", QUEUE)
                .payload("longest")
                .expiration(Duration.ofMillis(LONGEST))
                .build())
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    assertThat(Broker.get().drain(QUEUE))
        .singleElement()
        .satisfies(m -> assertThat(m.getProps().getExpiration()).isEqualTo(Long.toString(LONGEST)));

    assertThatThrownBy(
            () -> OutgoingMessage.to("", QUEUE).expiration(Duration.ofMillis(LONGEST + 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("WARREN-220");

    // the broker's side of the limit, on a connection of the test's own
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    try (Connection connection = factory.newConnection("warren-it-expiration-limit")) {
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      channel.basicPublish(
          "",
          QUEUE,
          new AMQP.BasicProperties.Builder().expiration(Long.toString(LONGEST + 1)).build(),
          new byte[0]);
      assertThatThrownBy(() -> channel.waitForConfirmsOrDie(10_000))
          .isInstanceOfAny(IOException.class, ShutdownSignalException.class)
          .satisfies(
              e ->
                  assertThat(String.valueOf(channel.getCloseReason()))
                      .contains("406", "invalid expiration"));
    }
    assertThat(Broker.get().ready(QUEUE)).isZero();
  }
}
