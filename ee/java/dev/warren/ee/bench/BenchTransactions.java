package dev.warren.ee.bench;

import dev.warren.Outbox;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.ee.support.EeDatabase;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The two kinds of transaction the benchmark compares. Both insert one row; {@link #plain} then
 * publishes with a confirmed publish and waits for the confirm inside the transaction (what an
 * application without an outbox does), {@link #outbox} writes the message to the outbox, and notes
 * when its transaction committed.
 */
@ApplicationScoped
public class BenchTransactions {

  public static final String QUEUE = "ee.bench.outbox";
  public static final String TABLE = "ee_bench_rows";

  @Inject Publisher publisher;
  @Inject @Outbox Publisher outbox;
  @Resource TransactionSynchronizationRegistry registry;

  @Transactional
  public void plain(String id) throws SQLException {
    insert(id);
    publisher.publish(message(id)).toCompletableFuture().join();
  }

  @Transactional
  public void outbox(String id) throws SQLException {
    insert(id);
    outbox.publish(message(id));
    registry.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
              Arrivals.committed(id, System.nanoTime());
            }
          }
        });
  }

  private static OutgoingMessage message(String id) {
    return OutgoingMessage.to("", QUEUE).payload(id).messageId(id).build();
  }

  private static void insert(String id) throws SQLException {
    try (Connection connection = EeDatabase.dataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement("insert into " + TABLE + " (id) values (?)")) {
      insert.setString(1, id);
      insert.executeUpdate();
    }
  }
}
