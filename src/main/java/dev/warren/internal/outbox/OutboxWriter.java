package dev.warren.internal.outbox;

import com.rabbitmq.client.AMQP;
import dev.warren.OutgoingMessage;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.Publisher;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.jdbc.JtaTransactions;
import dev.warren.internal.logging.OutboxMessages;
import dev.warren.internal.logging.PublishingMessages;
import dev.warren.spi.Codec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.sql.DataSource;

/**
 * {@code @Outbox Publisher}: writes each message as one row of the outbox table through the
 * application's JTA datasource, so in the caller's transaction, and asks for a nudge of the relay
 * once that transaction commits. Runs entirely on the caller's thread; never talks to the broker.
 * One per application, thread-safe (it keeps no state of its own).
 */
final class OutboxWriter implements Publisher {

  private final DataSource dataSource;
  private final OutboxTable table;
  private final JtaTransactions transactions;
  private final Codec codec;
  private final Runnable nudge;
  // the key of the one synchronization per transaction, unique to this application's outbox
  private final Object synchronizationKey = new Object();

  OutboxWriter(
      DataSource dataSource,
      OutboxTable table,
      JtaTransactions transactions,
      Codec codec,
      Runnable nudge) {
    this.dataSource = dataSource;
    this.table = table;
    this.transactions = transactions;
    this.codec = codec;
    this.nudge = nudge;
  }

  @Override
  public CompletionStage<Void> publish(String exchange, String routingKey, Object payload) {
    Objects.requireNonNull(exchange, "exchange");
    Objects.requireNonNull(routingKey, "routingKey");
    Objects.requireNonNull(
        payload, () -> PublishingMessages.messageWithoutPayload(exchange, routingKey));
    return write(exchange, routingKey, payload, null);
  }

  @Override
  public CompletionStage<Void> publish(OutgoingMessage message) {
    Objects.requireNonNull(message, "message");
    return write(message.exchange(), message.routingKey(), message.payload(), message);
  }

  private CompletionStage<Void> write(
      String exchange, String routingKey, Object payload, OutgoingMessage message) {
    String inactive = transactions.inactive();
    if (inactive != null) {
      throw new IllegalStateException(OutboxMessages.noTransaction(exchange, routingKey, inactive));
    }
    String messageId =
        message != null && message.messageId() != null
            ? message.messageId()
            : UUID.randomUUID().toString();
    AMQP.BasicProperties.Builder properties = new AMQP.BasicProperties.Builder();
    byte[] body;
    try {
      body = PayloadEncoder.encode(payload, codec, properties);
    } catch (Exception e) {
      return failed(
          exchange,
          routingKey,
          PublishingMessages.notSent(
              exchange, routingKey, "the payload could not be encoded (" + e + ")"),
          e);
    }
    byte[] described;
    try {
      describe(message, properties);
      described = Properties.write(properties.build());
    } catch (RuntimeException e) {
      // a header value AMQP cannot carry
      return failed(
          exchange,
          routingKey,
          PublishingMessages.notSent(
              exchange, routingKey, "its properties could not be encoded (" + e + ")"),
          e);
    }
    Timestamp now = Timestamp.from(Instant.now());
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert = connection.prepareStatement(table.insert())) {
      insert.setString(1, messageId);
      insert.setString(2, exchange);
      insert.setString(3, routingKey);
      insert.setBoolean(4, message == null || message.mandatory());
      insert.setBytes(5, described);
      insert.setBytes(6, body);
      insert.setTimestamp(7, now);
      insert.setTimestamp(8, now);
      insert.executeUpdate();
    } catch (SQLException e) {
      return failed(
          exchange,
          routingKey,
          OutboxMessages.writeFailed(exchange, routingKey, table.name(), e.toString()),
          e);
    }
    transactions.afterCommit(synchronizationKey, nudge);
    return CompletableFuture.completedFuture(null);
  }

  /** What {@code message} sets besides its payload; persistent when there is no message. */
  private static void describe(OutgoingMessage message, AMQP.BasicProperties.Builder properties) {
    if (message == null) {
      properties.deliveryMode(2);
      return;
    }
    properties
        .deliveryMode(message.persistent() ? 2 : 1)
        .headers(message.headers().isEmpty() ? null : message.headers())
        .expiration(
            message.expiration() == null ? null : Long.toString(message.expiration().toMillis()))
        .priority(message.priority())
        .correlationId(message.correlationId())
        .replyTo(message.replyTo());
    PayloadEncoder.describe(message, properties);
  }

  private static CompletionStage<Void> failed(
      String exchange, String routingKey, String text, Throwable cause) {
    return CompletableFuture.failedFuture(
        new PublishException(Reason.NOT_SENT, exchange, routingKey, text, cause));
  }
}
