package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import java.io.IOException;

/**
 * The raw client's latency side: a {@link DefaultConsumer} that reports each delivery and acks it
 * on the client's dispatch thread, as {@link ConsumeScenario}'s raw side does.
 */
final class RawLatencySide implements LatencySide {

  @Override
  public String label() {
    return "raw";
  }

  @Override
  public AutoCloseable start(BenchBroker broker, String queue, boolean quorum, Arrivals arrivals)
      throws Exception {
    Connection connection = broker.connect("warren-bench-raw-latency");
    Channel channel = connection.createChannel();
    channel.basicQos(ConsumeScenario.PREFETCH);
    String tag =
        channel.basicConsume(
            queue,
            false,
            new DefaultConsumer(channel) {
              @Override
              public void handleDelivery(
                  String consumerTag,
                  Envelope envelope,
                  AMQP.BasicProperties properties,
                  byte[] body)
                  throws IOException {
                arrivals.arrived(body);
                getChannel().basicAck(envelope.getDeliveryTag(), false);
              }
            });
    return () -> {
      channel.basicCancel(tag);
      channel.close();
      connection.close();
    };
  }
}
