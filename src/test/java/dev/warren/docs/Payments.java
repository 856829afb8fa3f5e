package dev.warren.docs;

import dev.warren.Idempotent;
import dev.warren.RabbitConsumer;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/** docs/transactions.md, the inbox. */
@ApplicationScoped
public class Payments {
  @Resource(lookup = "java:jboss/datasources/OrdersDS")
  DataSource orders;

  @RabbitConsumer(queue = "payments", maxAttempts = 3, deadLetter = "payments.dlq")
  @Idempotent
  @Transactional
  public void onPayment(String paymentId) throws SQLException {
    try (Connection c = orders.getConnection();
        PreparedStatement charge = c.prepareStatement("insert into charges (id) values (?)")) {
      charge.setString(1, paymentId);
      charge.executeUpdate(); // once per message id, however often the message comes
    }
  }
}
