package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.Publisher;
import dev.warren.Warren;
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: a channel the broker closed stays in the recovering connection's list until {@code
 * close()} or {@code abort()} is called on it, and the client opens it again at every recovery. The
 * exchange check's channel closed by a 404 and an injected {@code Channel} closed by the broker
 * before its bean was destroyed were dropped without either: each came back after a recovery as an
 * open channel nobody uses. Now a recovery brings back exactly the channels that were open. On a
 * RabbitMQ node of the test's own (node 30, port 5710; {@code -Dwarren.it.orphans.node}): it closes
 * every connection of the node.
 */
@Tag("own-node")
class OrphanChannelsIT {

  static final String QUEUE = "warren.it.orphans";
  static final String MISSING = "warren.it.orphans.missing";
  static final String NAME = "warren-it-orphans";
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.orphans.node", 30));

  WeldContainer container;
  Connection connection;

  @BeforeAll
  static void startNode() {
    NODE.start();
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    TestConfig.clear();
  }

  /** A bean with an injected channel, destroyed with it. */
  @Dependent
  public static class ChannelUser {
    @Inject @Warren Channel channel;
  }

  @Test
  void aRecoveryDoesNotReopenTheExchangeChecksChannelClosedByA404() throws Exception {
    Publisher publisher = deploy("check");
    int open = channels("check");

    // the exchange check meets a 404: the broker closes the check's channel
    Throwable failed =
        catchThrowable(
            () ->
                publisher
                    .publish(MISSING, "k", "lost")
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS));
    assertThat(failed).isInstanceOf(ExecutionException.class).hasMessageContaining(MISSING);

    assertRecoveryReopens(open, "check");
    publisher.publish("", QUEUE, "after").toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aRecoveryDoesNotReopenAnInjectedChannelTheBrokerClosedBeforeItsBeanWasDestroyed()
      throws Exception {
    Publisher publisher = deploy("injected");
    int open = channels("injected");

    // the application's own call meets a 404 on its injected channel, then its bean is destroyed
    Instance<ChannelUser> users = container.select(ChannelUser.class);
    ChannelUser user = users.get();
    assertThat(catchThrowable(() -> user.channel.exchangeDeclarePassive(MISSING)))
        .isInstanceOf(IOException.class);
    assertThat(user.channel.isOpen()).isFalse();
    users.destroy(user);

    assertRecoveryReopens(open, "injected");
    publisher.publish("", QUEUE, "after").toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** Deploys Warren on the node, with its publishing channel open. */
  private Publisher deploy(String name) throws Exception {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.connection-name", NAME + "-" + name);
    container = WeldSe.start(ChannelUser.class);
    Publisher publisher = container.select(Publisher.class).get();
    connection = container.select(Connection.class, Warren.Literal.INSTANCE).get();
    try (Channel setup = connection.createChannel()) {
      setup.queueDeclare(QUEUE, false, false, false, null);
    }
    // the publishing channel opens with the first message
    publisher.publish("", QUEUE, "first").toCompletableFuture().get(10, TimeUnit.SECONDS);
    return publisher;
  }

  /**
   * Once the node counts {@code open} channels again, closes every connection of the node and waits
   * until the client recovered Warren's: then it has exactly the channels open before.
   */
  private void assertRecoveryReopens(int open, String name) throws Exception {
    await().atMost(Duration.ofSeconds(10)).until(() -> channels(name) == open);
    CountDownLatch recovered = new CountDownLatch(1);
    ((Recoverable) connection)
        .addRecoveryListener(
            new RecoveryListener() {
              @Override
              public void handleRecovery(Recoverable recoverable) {
                recovered.countDown();
              }

              @Override
              public void handleRecoveryStarted(Recoverable recoverable) {}
            });
    NODE.ctl("close_all_connections", "warren-it: force a recovery");
    // the client calls the listener once it has reopened every channel it still keeps
    assertThat(recovered.await(30, TimeUnit.SECONDS)).as("the connection recovered").isTrue();
    await().atMost(Duration.ofSeconds(10)).until(() -> channels(name) >= open);
    assertThat(channels(name))
        .as("channels of the publishing connection after recovery; %s were open before", open)
        .isEqualTo(open);
  }

  /**
   * The number of channels of Warren's publishing connection ({@code <connection-name>-publisher},
   * in its client properties), as the node counts them; -1 while it has no such connection. {@code
   * name} is the test's part of the connection name.
   */
  private static int channels(String name) {
    String marker = "{\"connection_name\",\"" + NAME + "-" + name + "-publisher\"}";
    for (String line :
        NODE.ctl("list_connections", "--no-table-headers", "channels", "client_properties")
            .split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0 && line.contains(marker)) {
        return Integer.parseInt(line.substring(0, tab).trim());
      }
    }
    return -1;
  }
}
