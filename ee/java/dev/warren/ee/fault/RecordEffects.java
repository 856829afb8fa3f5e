package dev.warren.ee.fault;

import dev.warren.Delivery;
import dev.warren.Idempotent;
import dev.warren.RabbitConsumer;
import dev.warren.ee.support.EeDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The consumer: records each order message in {@link FaultTables#EFFECTS}, through the inbox, in
 * the same transaction. A second row for one id would be a duplicate effect.
 */
@ApplicationScoped
public class RecordEffects {

  @RabbitConsumer(queue = FaultTables.QUEUE)
  @Idempotent
  @Transactional
  public void record(String id, Delivery delivery) throws SQLException {
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "insert into " + FaultTables.EFFECTS + " (message_id) values (?)")) {
      insert.setString(1, delivery.messageId().orElse(id));
      insert.executeUpdate();
    }
  }
}
