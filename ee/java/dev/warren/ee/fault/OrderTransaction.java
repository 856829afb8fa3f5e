package dev.warren.ee.fault;

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
import java.util.UUID;

/** One order: its row and its message in one JTA transaction, through the outbox. */
@ApplicationScoped
public class OrderTransaction {

  private static final String ON_PURPOSE = "fault run: rolled back on purpose";

  @Inject @Outbox Publisher outbox;

  /** Inserts an order and publishes its message; {@code rollBack}: then throws, undoing both. */
  @Transactional
  public void place(boolean rollBack) throws SQLException {
    String id = UUID.randomUUID().toString();
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement("insert into " + FaultTables.ORDERS + " (id) values (?)")) {
      insert.setString(1, id);
      insert.executeUpdate();
    }
    outbox.publish(OutgoingMessage.to(FaultTables.EXCHANGE, "").payload(id).messageId(id).build());
    if (rollBack) {
      throw new IllegalStateException(ON_PURPOSE + " (" + id + ")");
    }
  }

  static boolean isOnPurpose(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().startsWith(ON_PURPOSE)) {
        return true;
      }
    }
    return false;
  }
}
