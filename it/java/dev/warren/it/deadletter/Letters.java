package dev.warren.it.deadletter;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.it.support.Broker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The dead letter tests' fast raw access to the broker: publishes many messages with confirms and
 * reads a whole queue (a subscription, faster than {@code basic.get} on a quorum queue).
 */
final class Letters implements AutoCloseable {

  /** One message as read from a queue. */
  record Read(String messageId, Map<String, Object> headers, byte[] body) {}

  private final Connection connection;

  Letters() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    factory.setAutomaticRecoveryEnabled(false);
    connection = factory.newConnection("warren-it-dl35");
  }

  /** Publishes each message (id, headers) to {@code queue}, persistent, confirmed. */
  void publish(String queue, List<String> ids, List<Map<String, Object>> headers) throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.confirmSelect();
      for (int i = 0; i < ids.size(); i++) {
        AMQP.BasicProperties properties =
            new AMQP.BasicProperties.Builder()
                .messageId(ids.get(i))
                .deliveryMode(2)
                .contentType("text/plain")
                .headers(headers.get(i))
                .build();
        channel.basicPublish("", queue, properties, ids.get(i).getBytes());
        if (i % 500 == 499) {
          channel.waitForConfirmsOrDie(30_000);
        }
      }
      channel.waitForConfirmsOrDie(30_000);
    }
  }

  /** Takes every message out of {@code queue}, in order (acked as read). */
  List<Read> drain(String queue) throws Exception {
    List<Read> read = new ArrayList<>();
    try (Channel channel = connection.createChannel()) {
      long ready = channel.queueDeclarePassive(queue).getMessageCount();
      if (ready == 0) {
        return read;
      }
      BlockingQueue<Read> inbox = new LinkedBlockingQueue<>();
      channel.basicQos(500);
      channel.basicConsume(
          queue,
          true,
          new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(
                String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
              inbox.add(
                  new Read(
                      properties.getMessageId(),
                      properties.getHeaders() == null ? Map.of() : properties.getHeaders(),
                      body));
            }
          });
      while (read.size() < ready) {
        Read r = inbox.poll(10, TimeUnit.SECONDS);
        if (r == null) {
          break;
        }
        read.add(r);
      }
    }
    return read;
  }

  @Override
  public void close() throws Exception {
    connection.close();
  }
}
