package dev.warren.internal.reply;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.internal.codec.ReceivedMessage;

/**
 * A reply as the decoders see it: the reply's body, properties and envelope. Replies come with no
 * consumer, queue or attempt of their own.
 */
final class ReplyDelivery extends ReceivedMessage {

  ReplyDelivery(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    super(envelope, properties, body);
  }

  @Override
  public String consumerName() {
    return "";
  }

  @Override
  public String queue() {
    return DirectReplyRequester.REPLY_TO;
  }

  @Override
  public int attempt() {
    return 1;
  }
}
