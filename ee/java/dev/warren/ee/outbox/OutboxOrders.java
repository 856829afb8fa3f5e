package dev.warren.ee.outbox;

import dev.warren.Outbox;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.ee.support.EeDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Places orders: each one a row of {@value #TABLE} and a message through {@code @Outbox Publisher},
 * in one JTA transaction. The message's body and routing come from the caller; its message id is
 * {@code m-<order>} unless the caller asks for none.
 */
@ApplicationScoped
public class OutboxOrders {

  public static final String TABLE = "ee_outbox_orders";
  public static final String OUTBOX = "ee_outbox";

  @Inject @Outbox Publisher publisher;

  /** Inserts each order and publishes its message to {@code queue}, all in one transaction. */
  @Transactional
  public void place(String queue, String... orders) throws SQLException {
    for (String order : orders) {
      insert(order);
      publisher.publish(
          OutgoingMessage.to("", queue).payload(order).messageId("m-" + order).build());
    }
  }

  /** One order whose message has no id of its own: the outbox gives it one. */
  @Transactional
  public void placeWithoutId(String queue, String order) throws SQLException {
    insert(order);
    publisher.publish("", queue, order);
  }

  /** Inserts and publishes, then throws: the transaction rolls back. */
  @Transactional
  public void placeThenFail(String queue, String order) throws SQLException {
    place(queue, order);
    throw new IllegalStateException("refusing " + order + " after its insert and publish");
  }

  /** Publishes to {@code exchange} with {@code routingKey} (mandatory), with the order's row. */
  @Transactional
  public void placeTo(String exchange, String routingKey, String order) throws SQLException {
    insert(order);
    publisher.publish(
        OutgoingMessage.to(exchange, routingKey).payload(order).messageId("m-" + order).build());
  }

  private static void insert(String order) throws SQLException {
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement("insert into " + TABLE + " (id) values (?)")) {
      insert.setString(1, order);
      insert.executeUpdate();
    }
  }
}
