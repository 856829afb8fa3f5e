package dev.warren.ee.lifecycle;

import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;

/**
 * In an EAR's library, seen by both of its web modules. It reports, as a message to {@value
 * #REPORTS}, the thread it runs on and whether a {@code java:comp} lookup works there.
 */
@ApplicationScoped
public class InEar {

  public static final String QUEUE = "ee.ear";
  public static final String REPORTS = "ee.ear.reports";

  @Inject Publisher publisher;

  @RabbitConsumer(queue = QUEUE)
  public void handle(String body) throws Exception {
    String lookup;
    try {
      lookup =
          new InitialContext().lookup("java:comp/TransactionSynchronizationRegistry") != null
              ? "found"
              : "null";
    } catch (Exception e) {
      lookup = e.getClass().getSimpleName();
    }
    String report = Thread.currentThread().getName() + " java:comp=" + lookup;
    publisher.publish("", REPORTS, report).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}
