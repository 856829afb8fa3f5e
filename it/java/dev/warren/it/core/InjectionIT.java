package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.Warren;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code @Inject Connection} and {@code @Inject Channel} give the raw client, managed. */
@Tag("container")
class InjectionIT extends WarrenIT {

  static final String QUEUE = "warren.it.injection";

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(UsesChannel.class);
  }

  /** A bean with a dedicated channel. */
  @Dependent
  public static class UsesChannel {
    @Inject Channel channel;
  }

  @Inject Connection connection;
  @Inject @Warren Connection warrenConnection;
  @Inject Instance<UsesChannel> users;

  @Test
  void withoutAConnectionOfItsOwnTheUnqualifiedOneIsWarrens() {
    assertThat(connection.getClientProvidedName())
        .isEqualTo(warrenConnection.getClientProvidedName());
    assertThat(connection.isOpen()).isTrue();
  }

  @Test
  void injectedChannelWorksAndClosesWithItsBean() throws Exception {
    UsesChannel user = users.get();
    Channel channel = user.channel;
    assertThat(channel.isOpen()).isTrue();
    Broker.get().forget(QUEUE);
    channel.queueDeclare(QUEUE, true, false, false, null);
    channel.basicPublish("", QUEUE, null, "hello".getBytes(StandardCharsets.UTF_8));
    org.awaitility.Awaitility.await().until(() -> Broker.get().ready(QUEUE) == 1);

    users.destroy(user);
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void eachInjectionGetsItsOwnChannelOnTheSharedConnection() {
    UsesChannel a = users.get();
    UsesChannel b = users.get();
    assertThat(a.channel.getChannelNumber()).isNotEqualTo(b.channel.getChannelNumber());
    assertThat(a.channel.getConnection()).isSameAs(b.channel.getConnection());
    assertThat(connection.isOpen()).isTrue();
    users.destroy(a);
    users.destroy(b);
  }

  /**
   * On the injected connection an application's consumer runs on a pool of dispatch threads (only
   * Warren's own consumers and the requester's replies are handed on from the reader thread): it
   * may wait for the broker in its callback, which on the reader thread would wait for itself.
   */
  @Test
  void aConsumerOfTheApplicationsMayWaitForTheBrokerInItsCallback() throws Exception {
    String queue = QUEUE + ".own-consumer";
    UsesChannel user = users.get();
    Channel channel = user.channel;
    Broker.get().forget(queue);
    channel.queueDeclare(queue, true, false, false, null);
    CompletableFuture<Integer> seen = new CompletableFuture<>();
    channel.basicConsume(
        queue,
        false,
        new DefaultConsumer(channel) {
          @Override
          public void handleDelivery(
              String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
              throws IOException {
            // a synchronous call: its reply must be read while this callback still runs
            int consumers = getChannel().queueDeclarePassive(queue).getConsumerCount();
            getChannel().basicAck(envelope.getDeliveryTag(), false);
            seen.complete(consumers);
          }
        });
    channel.basicPublish("", queue, null, "hello".getBytes(StandardCharsets.UTF_8));

    assertThat(seen.get(5, TimeUnit.SECONDS)).isEqualTo(1);
    users.destroy(user); // closed: had the ack not gone out, the message would be ready again
    assertThat(Broker.get().ready(queue)).isZero();
  }
}
