package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import java.util.concurrent.CompletableFuture;

/**
 * One message published through a {@link ConfirmTracker}, from {@code publish} until its future
 * completes: queued, then sent and unconfirmed (again after a nack). Mutable fields are touched
 * only while it is outstanding.
 */
final class Outstanding {
  final String exchange;
  final String routingKey;
  final boolean mandatory;
  final AMQP.BasicProperties properties;
  final byte[] body;
  final boolean admitted; // from an application thread, which took an admission permit
  final ReturnKey key; // mandatory messages only
  final CompletableFuture<Void> future = new CompletableFuture<>();
  volatile boolean returned;
  int republishes;
  volatile long sequence; // its number on the channel, set as it is sent (again, after a nack)
  volatile long deadlineNanos; // its confirm timeout, from when it was last sent

  Outstanding(
      String exchange,
      String routingKey,
      boolean mandatory,
      AMQP.BasicProperties properties,
      byte[] body,
      boolean admitted) {
    this.exchange = exchange;
    this.routingKey = routingKey;
    this.mandatory = mandatory;
    this.properties = properties;
    this.body = body;
    this.admitted = admitted;
    this.key = mandatory ? ReturnKey.of(exchange, routingKey, properties, body) : null;
  }
}
