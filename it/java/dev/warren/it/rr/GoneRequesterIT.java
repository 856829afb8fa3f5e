package dev.warren.it.rr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * What a responder can know about its requester, per version. The broker's side, with the raw
 * client: a mandatory reply to a direct reply-to address is returned (312) whether delivered or not
 * before RabbitMQ 4.2; from 4.2 only an undecodable address is returned, and a reply to a requester
 * that is gone is acked and dropped without a return. Warren's side: its replies are not mandatory,
 * so on every version a reply to a gone requester is confirmed, the request acked once, and nothing
 * is logged or waited for.
 */
class GoneRequesterIT extends WarrenIT {

  static final String GONE = "warren.it.rr.gone";
  static final String FACTS = "warren.it.rr.gone.facts";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(GONE).queue(FACTS);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(SlowResponder.class);
  }

  @ApplicationScoped
  public static class SlowResponder {
    static final CountDownLatch ENTERED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static final List<String> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = GONE)
    public String answer(String body) throws InterruptedException {
      CALLS.add(body);
      ENTERED.countDown();
      RELEASE.await(30, TimeUnit.SECONDS);
      return "reply:" + body;
    }
  }

  private static Connection connect(String name) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    factory.setAutomaticRecoveryEnabled(false);
    return factory.newConnection(name);
  }

  /** A requester's channel: the no-ack reply consumer, then a request published on it. */
  private static Channel requester(Connection connection, String queue, List<String> replies)
      throws Exception {
    Channel channel = connection.createChannel();
    channel.basicConsume(
        "amq.rabbitmq.reply-to",
        true,
        (tag, delivery) -> replies.add(new String(delivery.getBody(), StandardCharsets.UTF_8)),
        tag -> {});
    channel.basicPublish(
        "",
        queue,
        new AMQP.BasicProperties.Builder()
            .replyTo("amq.rabbitmq.reply-to")
            .correlationId("c-1")
            .build(),
        "ask".getBytes(StandardCharsets.UTF_8));
    return channel;
  }

  /** The reply codes of the returns of one mandatory, confirmed reply to {@code address}. */
  private static List<Integer> returnsOfAMandatoryReply(Channel replies, String address)
      throws Exception {
    List<Integer> returned = new CopyOnWriteArrayList<>();
    var listener = replies.addReturnListener(r -> returned.add(r.getReplyCode()));
    try {
      replies.basicPublish(
          "", address, true, new AMQP.BasicProperties(), "answer".getBytes(StandardCharsets.UTF_8));
      // measured: a return always comes before the ack of the same message
      replies.waitForConfirmsOrDie(10_000);
      return List.copyOf(returned);
    } finally {
      replies.removeReturnListener(listener);
    }
  }

  @Test
  void aMandatoryReplyIsReturnedForEveryAddressBeforeFourTwoAndOnlyForAnUndecodableOneFrom()
      throws Exception {
    BrokerVersion version = Broker.get().version();
    try (Connection connection = connect("warren-it-gone-facts")) {
      List<String> delivered = new CopyOnWriteArrayList<>();
      Channel requester = requester(connection, FACTS, delivered);
      GetResponse request = null;
      for (int i = 0; i < 100 && request == null; i++) {
        request = Broker.get().drain(FACTS).stream().findFirst().orElse(null);
        if (request == null) {
          Thread.sleep(20);
        }
      }
      assertThat(request).isNotNull();
      String address = request.getProps().getReplyTo();
      assertThat(address).startsWith("amq.rabbitmq.reply-to.");
      Channel replies = connection.createChannel();
      replies.confirmSelect();

      List<Integer> live = returnsOfAMandatoryReply(replies, address);
      await().atMost(Duration.ofSeconds(5)).until(() -> delivered.size() == 1);
      requester.close();
      List<Integer> gone = returnsOfAMandatoryReply(replies, address);
      List<Integer> undecodable =
          returnsOfAMandatoryReply(replies, "amq.rabbitmq.reply-to.not-an-address");

      if (version.directReplyToReturnsNothing()) {
        assertThat(live).isEmpty();
        assertThat(gone).isEmpty();
      } else {
        assertThat(live).containsExactly(AMQP.NO_ROUTE);
        assertThat(gone).containsExactly(AMQP.NO_ROUTE);
      }
      assertThat(undecodable).containsExactly(AMQP.NO_ROUTE);
      assertThat(delivered).containsExactly("answer");
    }
  }

  @Test
  void aReplyToAGoneRequesterIsConfirmedAndTheRequestAckedOnceWithoutAWord() throws Exception {
    try (LogCapture logs = LogCapture.start();
        Connection connection = connect("warren-it-gone-requester")) {
      List<String> delivered = new CopyOnWriteArrayList<>();
      Channel requester = requester(connection, GONE, delivered);
      assertThat(SlowResponder.ENTERED.await(10, TimeUnit.SECONDS)).isTrue();
      requester.close(); // the requester is gone before its reply is sent
      long released = System.nanoTime();
      SlowResponder.RELEASE.countDown();

      // acked: the request is neither ready nor unacknowledged any more
      await().atMost(Duration.ofSeconds(10)).until(() -> messages(GONE) == 0);
      assertThat(Duration.ofNanos(System.nanoTime() - released)).isLessThan(Duration.ofSeconds(5));
      // and never handled again
      await().during(Duration.ofSeconds(2)).until(() -> SlowResponder.CALLS.size() == 1);
      assertThat(delivered).isEmpty();
      assertThat(logs.messagesContaining("WARREN-077")).isEmpty();
      assertThat(logs.messagesContaining("'" + GONE + "'")).isEmpty();
    }
  }

  /** Ready plus unacknowledged messages of {@code queue}. */
  private static int messages(String queue) {
    for (String line : Broker.rabbitmqctl("list_queues", "-q", "name", "messages").split("\n")) {
      String[] columns = line.trim().split("\\s+");
      if (columns.length == 2 && columns[0].equals(queue)) {
        return Integer.parseInt(columns[1]);
      }
    }
    return -1;
  }
}
