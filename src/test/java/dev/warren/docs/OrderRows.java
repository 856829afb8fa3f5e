package dev.warren.docs;

import dev.warren.RabbitConsumer;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/** docs/transactions.md. */
@ApplicationScoped
public class OrderRows {
  @Resource(lookup = "java:jboss/datasources/OrdersDS") // Open Liberty: "jdbc/OrdersDS"
  DataSource orders;

  @RabbitConsumer(queue = "orders", maxAttempts = 3, deadLetter = "orders.dlq")
  @Transactional
  public void onOrder(String orderId) throws SQLException {
    try (Connection c = orders.getConnection();
        PreparedStatement insert = c.prepareStatement("insert into orders (id) values (?)")) {
      insert.setString(1, orderId);
      insert.executeUpdate();
    }
  }
}
