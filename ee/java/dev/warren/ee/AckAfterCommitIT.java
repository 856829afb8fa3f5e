package dev.warren.ee;

import static dev.warren.ee.database.OrderRows.DLQ;
import static dev.warren.ee.database.OrderRows.QUEUE;
import static dev.warren.ee.database.OrderRows.TABLE;
import static dev.warren.ee.database.OrderRows.TAKEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.GetResponse;
import dev.warren.ee.app.Seen;
import dev.warren.ee.app.TransactionEnds;
import dev.warren.ee.database.OrderRows;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.EeDatabase;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ack after commit against PostgreSQL, through each server's own XA datasource and transaction
 * manager (the build runs this class on WildFly and on Open Liberty): a delivery whose handler's
 * transaction commits is acked after the commit; one whose handler throws after its insert, or
 * whose commit fails (a deferred unique constraint), leaves no row and is never acked: it is
 * retried, then dead-lettered at the cap. The database is checked through the server's datasource
 * and the broker's queues from inside the server. Four messages wait in the queue before the WAR
 * deploys; the consumer (prefetch 1) takes them one by one, retries joining the tail.
 */
@ExtendWith(ArquillianExtension.class)
class AckAfterCommitIT {

  static final Duration WAIT = Duration.ofSeconds(30);

  @Deployment
  static WebArchive deployment() {
    EeDatabase.setUp(
        "drop table if exists " + TABLE,
        "create table "
            + TABLE
            + " (id varchar(64) primary key, token varchar(64) not null,"
            + " constraint "
            + TABLE
            + "_token unique (token) deferrable initially deferred)",
        "insert into " + TABLE + " (id, token) values ('setup', '" + TAKEN + "')");
    EeBroker.freshQueues(Map.of(), QUEUE, DLQ);
    for (String body : List.of("ok-1", "throw-1", "clash-1", "ok-2")) {
      EeBroker.publish(QUEUE, body);
    }
    Map<String, String> config = new HashMap<>(EeDatabase.config());
    config.put("warren.connection-name", "warren-ee-ack-after-commit");
    return Wars.war(
        "ack-after-commit",
        config,
        OrderRows.class,
        Seen.class,
        TransactionEnds.class,
        EeDatabase.class,
        Servers.class);
  }

  /** Everything the consumer recorded, once all ten records are in and the queue is settled. */
  private static List<String> seen() {
    Poll.until(
        "both failures dead-lettered",
        WAIT,
        () -> Seen.of(QUEUE).size() >= 10 && EeBroker.ready(DLQ) == 2);
    return Seen.of(QUEUE);
  }

  private static List<String> rows() {
    return EeDatabase.strings("select id from " + TABLE + " where id <> 'setup' order by id");
  }

  @Test
  void aCommittedInsertIsAckedOnlyAfterTheCommit() {
    List<String> seen = seen();

    // when ok-1's transaction had committed, the three behind it were all still waiting: the
    // broker had no ack for ok-1 yet
    assertEquals(List.of("ok-1#1:returned", "ok-1#1:committed:ready=3"), seen.subList(0, 2));
    assertEquals(List.of("ok-2#1:returned", "ok-2#1:committed:ready=2"), seen.subList(5, 7));
    assertTrue(rows().containsAll(List.of("ok-1", "ok-2")), rows().toString());
    assertEquals(0, EeBroker.ready(QUEUE));
    // nothing came again: ten records are the four first deliveries and the two failures' retries
    assertEquals(10, Seen.of(QUEUE).size(), seen.toString());
  }

  @Test
  void aHandlerThatThrowsAfterItsInsertLeavesNoRowAndIsRetriedThenDeadLettered() {
    List<String> seen = seen();

    // rolled back while clash-1 and ok-2 still waited: neither acked nor retried yet
    assertEquals("throw-1#1:rolledback:ready=2", seen.get(2));
    assertEquals("throw-1#2:rolledback:ready=1", seen.get(7));
    assertEquals(List.of("ok-1", "ok-2"), rows());
    GetResponse dead = deadLetter("throw-1");
    assertTrue(
        String.valueOf(dead.getProps().getHeaders().get("x-warren-exception"))
            .contains("IllegalStateException"),
        dead.getProps().getHeaders().toString());
  }

  @Test
  void aCommitThatFailsLeavesNoRowAndIsRetriedThenDeadLettered() {
    List<String> seen = seen();

    // the insert passed (the constraint is deferred) and the handler returned; the commit failed
    assertEquals(List.of("clash-1#1:returned", "clash-1#1:rolledback:ready=2"), seen.subList(3, 5));
    assertEquals(
        List.of("clash-1#2:returned", "clash-1#2:rolledback:ready=0"), seen.subList(8, 10));
    assertEquals(List.of("ok-1", "ok-2"), rows());
    assertEquals(
        List.of(TAKEN), EeDatabase.strings("select token from " + TABLE + " where id = 'setup'"));
    GetResponse dead = deadLetter("clash-1");
    // what the transaction interceptor throws: RollbackException (Narayana on WildFly), or
    // TransactionalException (Open Liberty)
    String exception = String.valueOf(dead.getProps().getHeaders().get("x-warren-exception"));
    assertTrue(
        exception.startsWith("jakarta.transaction.RollbackException")
            || exception.startsWith("jakarta.transaction.TransactionalException"),
        exception);
  }

  /** The dead-lettered copy of {@code body}, looked at without taking it. */
  private static GetResponse deadLetter(String body) {
    return EeBroker.with(
        ch -> {
          GetResponse found = null;
          for (GetResponse r = ch.basicGet(DLQ, false); r != null; r = ch.basicGet(DLQ, false)) {
            if (new String(r.getBody(), java.nio.charset.StandardCharsets.UTF_8).equals(body)) {
              found = r;
            }
          }
          if (found == null) {
            throw new AssertionError(body + " is not in " + DLQ);
          }
          return found;
        });
  }
}
