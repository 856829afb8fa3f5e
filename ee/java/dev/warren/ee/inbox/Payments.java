package dev.warren.ee.inbox;

import dev.warren.Delivery;
import dev.warren.Idempotent;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.ee.app.Seen;
import dev.warren.ee.support.EeDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * An idempotent consumer: in its transaction it inserts one row per handled message into a table of
 * its own ({@value #EFFECTS}, without a unique key, so that a second effect would show), beside the
 * row Warren's inbox inserts. A body starting with {@code throw-} throws after its insert on the
 * first attempt, so that the transaction, the inbox row with it, rolls back and the retry handles
 * the message. A quorum queue with a cap: a dropped delivery goes to the dead letter queue through
 * the queue's own dead-letter exchange. One delivery at a time, so that a later message's effect
 * says the earlier ones were settled.
 */
@ApplicationScoped
public class Payments {

  public static final String NAME = "ee-inbox";
  public static final String QUEUE = "ee.inbox.payments";
  public static final String DLQ = "ee.inbox.payments.dlq";
  public static final String EFFECTS = "ee_inbox_effects";
  public static final String INBOX = "ee_inbox";

  @RabbitConsumer(
      name = NAME,
      queue = QUEUE,
      queueType = QueueType.QUORUM,
      prefetch = 1,
      maxAttempts = 3,
      deadLetter = DLQ)
  @Idempotent
  @Transactional
  public void onPayment(String body, Delivery delivery) throws SQLException {
    String id = delivery.messageId().orElse("-");
    Seen.add(NAME, id + "#" + delivery.attempt());
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "insert into " + EFFECTS + " (message_id, body, attempt) values (?, ?, ?)")) {
      insert.setString(1, id);
      insert.setString(2, body);
      insert.setInt(3, delivery.attempt());
      insert.executeUpdate();
    }
    if (body.startsWith("throw-") && delivery.attempt() == 1) {
      throw new IllegalStateException("refusing " + id + " after its insert, once");
    }
  }
}
