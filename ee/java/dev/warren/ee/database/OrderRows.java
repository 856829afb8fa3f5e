package dev.warren.ee.database;

import dev.warren.Delivery;
import dev.warren.RabbitConsumer;
import dev.warren.ee.app.Seen;
import dev.warren.ee.app.TransactionEnds;
import dev.warren.ee.support.EeDatabase;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A {@code @Transactional} handler that inserts one row per message through the server's datasource
 * (the WAR's {@code jdbc/warren} reference, bound per server in {@code web.xml}). The body says
 * what happens: {@code ok-*} commits, {@code throw-*} throws after its insert (the transaction
 * rolls back), {@code clash-*} inserts the token another row holds, which the table's {@code
 * DEFERRABLE INITIALLY DEFERRED} unique constraint refuses only at commit. When each transaction
 * has ended it records how, and how many messages the queue still had ready: with prefetch 1 the
 * broker delivers the next one only once it has this one's settlement.
 */
@ApplicationScoped
public class OrderRows {

  public static final String QUEUE = "ee.db.orders";
  public static final String DLQ = "ee.db.orders.dlq";
  public static final String TABLE = "ee_orders";

  /** The token a row of the setup holds, which a {@code clash-*} message inserts again. */
  public static final String TAKEN = "taken";

  @Resource TransactionSynchronizationRegistry registry;

  @RabbitConsumer(queue = QUEUE, prefetch = 1, maxAttempts = 2, deadLetter = DLQ)
  @Transactional
  public void onOrder(String body, Delivery delivery) throws SQLException {
    String attempt = body + "#" + delivery.attempt();
    TransactionEnds.record(registry, QUEUE, attempt, null);
    insert(body, body.startsWith("clash-") ? TAKEN : body);
    if (body.startsWith("throw-")) {
      throw new IllegalStateException("refusing " + body + " after its insert");
    }
    Seen.add(QUEUE, attempt + ":returned");
  }

  private void insert(String id, String token) throws SQLException {
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement("insert into " + TABLE + " (id, token) values (?, ?)")) {
      insert.setString(1, id);
      insert.setString(2, token);
      insert.executeUpdate();
    }
  }
}
