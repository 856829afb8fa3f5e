package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.GetResponse;
import dev.warren.it.support.Broker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The broker facts Warren's per-version table of quorum delivery limits rests on
 * (docs/rabbitmq-versions.md), checked with the raw client on the test broker, so that a broker
 * version that behaves otherwise fails here first: without x-delivery-limit RabbitMQ 3.x has no
 * limit and 4.x 20; -1 means no limit on 4.x but dead-letters on the first return on 3.x; N means N
 * returns on every version. A requeue by {@code basic.reject} counts on every version, one by
 * {@code basic.nack} only before 4.3 (Warren rejects); a first delivery carries no {@code
 * x-delivery-count} on every version (Warren reads its absence as attempt 1).
 */
class BrokerVersionFactsIT {

  static final String QUEUE = "warren.it.facts.quorum";
  static final String DLQ = "warren.it.facts.quorum.dlq";

  /** Returns more than RabbitMQ 4's default limit allows. */
  static final int PAST_DEFAULT_LIMIT = 25;

  private Connection connection;
  private Channel channel;

  @BeforeEach
  void connect() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    connection = factory.newConnection("warren-it-facts");
    channel = connection.createChannel();
    Broker.get().queue(DLQ);
  }

  @AfterEach
  void close() throws Exception {
    channel.queueDelete(QUEUE);
    connection.close();
    Broker.get().cleanUp();
  }

  /**
   * Declares a quorum queue dead-lettering to the DLQ, with {@code limit} unless null, publishes
   * one message and rejects it with requeue until it is gone or has been delivered {@code max}
   * times; returns the number of deliveries.
   */
  private int deliveriesUntilGone(Long limit, int max) throws Exception {
    return deliveriesUntilGone(limit, max, false);
  }

  /**
   * As {@link #deliveriesUntilGone(Long, int)}, requeueing with {@code basic.nack} if {@code nack}.
   */
  private int deliveriesUntilGone(Long limit, int max, boolean nack) throws Exception {
    declareQuorumQueue(limit);
    channel.basicPublish("", QUEUE, null, "fact".getBytes());
    int deliveries = 0;
    while (deliveries < max) {
      GetResponse response = null;
      for (int i = 0; i < 100 && response == null; i++) {
        response = channel.basicGet(QUEUE, false);
        if (response == null) {
          Thread.sleep(20);
        }
      }
      if (response == null) {
        break;
      }
      deliveries++;
      if (nack) {
        channel.basicNack(response.getEnvelope().getDeliveryTag(), false, true);
      } else {
        channel.basicReject(response.getEnvelope().getDeliveryTag(), true);
      }
    }
    return deliveries;
  }

  /**
   * Declares the quorum queue afresh, dead-lettering to the DLQ, with {@code limit} unless null.
   */
  private void declareQuorumQueue(Long limit) throws Exception {
    Map<String, Object> arguments = new HashMap<>();
    arguments.put("x-queue-type", "quorum");
    arguments.put("x-dead-letter-exchange", "");
    arguments.put("x-dead-letter-routing-key", DLQ);
    if (limit != null) {
      arguments.put("x-delivery-limit", limit);
    }
    channel.queueDelete(QUEUE);
    channel.queueDeclare(QUEUE, true, false, false, arguments);
  }

  @Test
  void withoutALimitRabbitMq4DeliversTwentyOneTimesAndThreeHasNoLimit() throws Exception {
    int deliveries = deliveriesUntilGone(null, PAST_DEFAULT_LIMIT);
    if (Broker.get().rabbitMq4()) {
      assertThat(deliveries).isEqualTo(21);
      assertThat(Broker.get().ready(DLQ)).isEqualTo(1);
    } else {
      assertThat(deliveries).isEqualTo(PAST_DEFAULT_LIMIT);
      assertThat(Broker.get().ready(DLQ)).isZero();
    }
  }

  @Test
  void minusOneIsNoLimitOnRabbitMq4AndDeadLettersAtOnceOnThree() throws Exception {
    int deliveries = deliveriesUntilGone(-1L, PAST_DEFAULT_LIMIT);
    if (Broker.get().rabbitMq4()) {
      assertThat(deliveries).isEqualTo(PAST_DEFAULT_LIMIT);
      assertThat(Broker.get().ready(DLQ)).isZero();
    } else {
      assertThat(deliveries).isEqualTo(1);
      assertThat(Broker.get().ready(DLQ)).isEqualTo(1);
    }
  }

  @Test
  void aLimitOfNGivesNPlusOneDeliveriesOnBoth() throws Exception {
    assertThat(deliveriesUntilGone(0L, PAST_DEFAULT_LIMIT)).isEqualTo(1);
    assertThat(deliveriesUntilGone(2L, PAST_DEFAULT_LIMIT)).isEqualTo(3);
    assertThat(Broker.get().ready(DLQ)).isEqualTo(2);
  }

  @Test
  void aNackWithRequeueCountsTowardsTheLimitBeforeRabbitMq43Only() throws Exception {
    int deliveries = deliveriesUntilGone(2L, 6, true);
    if (Broker.get().atLeast(4, 3)) {
      // only x-acquired-count grows: the message is never dead-lettered
      assertThat(deliveries).isEqualTo(6);
      assertThat(Broker.get().ready(DLQ)).isZero();
    } else {
      assertThat(deliveries).isEqualTo(3);
      assertThat(Broker.get().ready(DLQ)).isEqualTo(1);
    }
  }

  @Test
  void aFirstConsumedDeliveryHasNoCountHeaderAndARejectedOneCountsFromOne() throws Exception {
    declareQuorumQueue(null);
    channel.basicPublish("", QUEUE, null, "fact".getBytes());
    BlockingQueue<Map<String, Object>> headers = new LinkedBlockingQueue<>();
    AtomicInteger deliveries = new AtomicInteger();
    Channel consuming = connection.createChannel();
    consuming.basicQos(1);
    consuming.basicConsume(
        QUEUE,
        false,
        new DefaultConsumer(consuming) {
          @Override
          public void handleDelivery(
              String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
              throws IOException {
            if (deliveries.incrementAndGet() < 3) {
              getChannel().basicReject(envelope.getDeliveryTag(), true);
            } else {
              getChannel().basicAck(envelope.getDeliveryTag(), false);
            }
            // only once settled: the test closes the channel after the third, and an ack racing
            // that close throws here, which makes the client close the channel under the test
            headers.add(properties.getHeaders() == null ? Map.of() : properties.getHeaders());
          }
        });
    Map<String, Object> first = headers.poll(10, TimeUnit.SECONDS);
    Map<String, Object> second = headers.poll(10, TimeUnit.SECONDS);
    Map<String, Object> third = headers.poll(10, TimeUnit.SECONDS);
    consuming.close();
    assertThat(first).isNotNull().doesNotContainKey("x-delivery-count");
    assertThat(second).isNotNull().containsEntry("x-delivery-count", 1L);
    assertThat(third).isNotNull().containsEntry("x-delivery-count", 2L);
  }

  static final String WAIT = "warren.it.facts.quorum.wait";

  /**
   * A loop a user might build by hand: the quorum queue (limit 2) dead-letters a rejected message
   * into a TTL wait queue, which dead-letters it back. The message makes three trips (rejected
   * without requeue), then is requeued once. Returns the {@code x-delivery-count} of each delivery
   * ({@code -} when absent), and {@code gone} last if nothing came back after the requeue.
   */
  private List<String> threeTripsThroughADeadLetterLoopThenARequeue() throws Exception {
    channel.queueDelete(QUEUE);
    channel.queueDelete(WAIT);
    channel.queueDeclare(
        QUEUE,
        true,
        false,
        false,
        Map.of(
            "x-queue-type",
            "quorum",
            "x-delivery-limit",
            2,
            "x-dead-letter-exchange",
            "",
            "x-dead-letter-routing-key",
            WAIT));
    channel.queueDeclare(
        WAIT,
        true,
        false,
        false,
        Map.of(
            "x-message-ttl", 50, "x-dead-letter-exchange", "", "x-dead-letter-routing-key", QUEUE));
    channel.basicPublish("", QUEUE, null, "loop".getBytes());
    List<String> seen = new ArrayList<>();
    try {
      for (int delivery = 1; delivery <= 5; delivery++) {
        GetResponse response = null;
        for (int i = 0; i < 100 && response == null; i++) {
          response = channel.basicGet(QUEUE, false);
          if (response == null) {
            Thread.sleep(20);
          }
        }
        if (response == null) {
          seen.add("gone");
          break;
        }
        Map<String, Object> headers = response.getProps().getHeaders();
        Object count = headers == null ? null : headers.get("x-delivery-count");
        seen.add(count == null ? "-" : count.toString());
        channel.basicReject(response.getEnvelope().getDeliveryTag(), delivery == 4);
      }
    } finally {
      channel.queueDelete(WAIT);
    }
    return seen;
  }

  @Test
  void aDeadLetterLoopKeepsItsCountOnFourThreeAndARequeuePastTheLimitDropsIt() throws Exception {
    List<String> seen = threeTripsThroughADeadLetterLoopThenARequeue();
    if (Broker.get().version().deadLetterLoopsKeepCount()) {
      // the requeue past the limit dead-letters it into the loop, where it is a cycle: dropped
      assertThat(seen).containsExactly("-", "1", "2", "3", "gone");
      assertThat(Broker.get().ready(DLQ)).isZero();
    } else {
      assertThat(seen).hasSize(5).doesNotContain("gone");
    }
  }
}
