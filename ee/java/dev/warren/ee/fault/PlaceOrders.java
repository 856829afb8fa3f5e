package dev.warren.ee.fault;

import dev.warren.ee.support.EeDatabase;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the order loop when the application starts (again after every restart of the server): it
 * places an order every few milliseconds while the control row says so; every tenth is rolled back
 * on purpose. A failed order (the broker or the database away) is logged and the loop goes on.
 */
@Singleton
@Startup
public class PlaceOrders {

  private static final Logger LOG = Logger.getLogger(PlaceOrders.class.getName());

  @Resource ManagedExecutorService executor;
  @Inject OrderTransaction orders;

  private volatile boolean stopping;
  private Future<?> loop;

  @PostConstruct
  void start() {
    loop = executor.submit(this::run);
  }

  @PreDestroy
  void stop() {
    stopping = true;
    loop.cancel(true);
  }

  private void run() {
    long placed = 0;
    while (!stopping) {
      try {
        if (!running()) {
          Thread.sleep(200);
          continue;
        }
        placed++;
        orders.place(placed % 10 == 0);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException | SQLException e) {
        if (!OrderTransaction.isOnPurpose(e)) {
          LOG.log(Level.INFO, "fault run: order " + placed + " failed: " + e);
        }
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static boolean running() throws SQLException {
    try (Connection connection = EeDatabase.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("select running from " + FaultTables.CONTROL)) {
      return row.next() && row.getBoolean(1);
    }
  }
}
