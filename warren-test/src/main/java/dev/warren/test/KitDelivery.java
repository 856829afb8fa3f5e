package dev.warren.test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.internal.codec.ReceivedMessage;

/** A delivery the kit makes: what the client would hand Warren for a message on the queue. */
final class KitDelivery extends ReceivedMessage {

  private final String consumerName;
  private final String queue;
  private final int attempt;

  KitDelivery(
      String consumerName,
      String queue,
      Envelope envelope,
      AMQP.BasicProperties properties,
      byte[] body,
      int attempt) {
    super(envelope, properties, body);
    this.consumerName = consumerName;
    this.queue = queue;
    this.attempt = attempt;
  }

  @Override
  public String consumerName() {
    return consumerName;
  }

  @Override
  public String queue() {
    return queue;
  }

  @Override
  public int attempt() {
    return attempt;
  }
}
