package dev.warren.docs;

import dev.warren.Outbox;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/** docs/transactions.md, the outbox. */
@ApplicationScoped
public class PlaceOrders {
  @Resource(lookup = "java:jboss/datasources/OrdersDS") // Open Liberty: "jdbc/OrdersDS"
  DataSource orders;

  @Inject @Outbox Publisher publisher;

  @Transactional
  public void place(String orderId) throws SQLException {
    try (Connection c = orders.getConnection();
        PreparedStatement insert = c.prepareStatement("insert into orders (id) values (?)")) {
      insert.setString(1, orderId);
      insert.executeUpdate();
    }
    // written to the outbox table in this transaction; published once it commits
    publisher.publish(
        OutgoingMessage.to("orders", "order.placed")
            .payload(new OrderPlaced(orderId))
            .messageId("order-placed-" + orderId)
            .build());
  }

  public record OrderPlaced(String orderId) {}
}
