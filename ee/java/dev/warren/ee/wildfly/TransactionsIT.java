package dev.warren.ee.wildfly;

import static dev.warren.ee.wildfly.TransactionalConsumers.COMMIT;
import static dev.warren.ee.wildfly.TransactionalConsumers.COMMIT_FAILS;
import static dev.warren.ee.wildfly.TransactionalConsumers.COMMIT_FAILS_DLQ;
import static dev.warren.ee.wildfly.TransactionalConsumers.ROLLBACK;
import static dev.warren.ee.wildfly.TransactionalConsumers.ROLLBACK_DLQ;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warren.ee.app.Seen;
import dev.warren.ee.app.TransactionEnds;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Wars;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Warren's interceptor outside Narayana's {@code @Transactional} on WildFly: a handler's
 * transaction has ended before Warren maps its result, and the delivery is settled only after that
 * (a commit, a rollback, a commit that fails), as the outcome of what came out of the transaction.
 * Runs inside the server. Every queue is filled before the WAR deploys, so that each consumer
 * (prefetch 1) finds its second message waiting behind its first.
 */
@ExtendWith(ArquillianExtension.class)
class TransactionsIT {

  static final Duration WAIT = Duration.ofSeconds(30);

  @Deployment
  static WebArchive deployment() {
    EeBroker.freshQueues(Map.of(), COMMIT, ROLLBACK_DLQ, COMMIT_FAILS_DLQ);
    EeBroker.freshQueues(
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", ROLLBACK_DLQ), ROLLBACK);
    EeBroker.freshQueues(
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", COMMIT_FAILS_DLQ),
        COMMIT_FAILS);
    EeBroker.publish(COMMIT, "c1");
    EeBroker.publish(COMMIT, "c2");
    EeBroker.publish(ROLLBACK, "drop-1");
    EeBroker.publish(ROLLBACK, "retry-1");
    EeBroker.publish(COMMIT_FAILS, "f1");
    EeBroker.publish(COMMIT_FAILS, "f2");
    return Wars.war(
        "transactions",
        Map.of("warren.connection-name", "warren-ee-transactions"),
        TransactionalConsumers.class,
        TransactionalConsumers.Busy.class,
        BusyMeansRetry.class,
        Seen.class,
        TransactionEnds.class);
  }

  private static List<String> seen(String scenario, int count) {
    return Poll.until(
        count + " records of " + scenario,
        WAIT,
        () -> Seen.of(scenario).size() >= count ? Seen.of(scenario) : null);
  }

  @Test
  void aCommittedDeliveryIsAckedOnlyAfterItsTransactionCommitted() {
    List<String> seen = seen(COMMIT, 4);

    // c2 was still waiting behind c1 when c1's transaction had committed: c1 was not acked yet
    assertEquals(List.of("c1:handled", "c1:committed:ready=1", "c2:handled"), seen.subList(0, 3));
    assertEquals("c2:committed:ready=0", seen.get(3));
    Poll.until("both acked", WAIT, () -> EeBroker.ready(COMMIT) == 0);
    assertEquals(4, Seen.of(COMMIT).size(), "no delivery came twice: " + Seen.of(COMMIT));
  }

  @Test
  void aHandlerThatThrowsIsRolledBackThenItsDeliveryIsDroppedOrRetriedAsMapped() {
    List<String> seen = seen(ROLLBACK, 3);

    // rolled back while retry-1 still waited and the dead letter queue was empty: not yet rejected
    assertEquals("drop-1#first:rolledback:ready=1:dead=0", seen.get(0));
    // Busy maps to retry: back in the queue, delivered again, and then it commits
    assertTrue(seen.get(1).startsWith("retry-1#first:rolledback:"), seen.toString());
    assertTrue(seen.get(2).startsWith("retry-1#again:committed:"), seen.toString());
    Poll.until("retry-1 acked", WAIT, () -> EeBroker.ready(ROLLBACK) == 0);
    assertEquals(List.of("drop-1"), EeBroker.bodies(EeBroker.drain(ROLLBACK_DLQ)));
    List<String> mapped = Seen.of(BusyMeansRetry.MAPPED);
    assertTrue(
        mapped.contains(ROLLBACK + ":java.lang.IllegalArgumentException")
            && mapped.contains(ROLLBACK + ":" + TransactionalConsumers.Busy.class.getName()),
        mapped.toString());
  }

  @Test
  void aCommitThatFailsIsMappedAsTheHandlersFailure() {
    List<String> seen = seen(COMMIT_FAILS, 4);

    assertEquals(List.of("f1:returned", "f1:rolledback:ready=1:dead=0"), seen.subList(0, 2));
    assertEquals("f2:returned", seen.get(2));
    assertTrue(seen.get(3).startsWith("f2:rolledback:"), seen.toString());
    Poll.until("both dropped", WAIT, () -> EeBroker.ready(COMMIT_FAILS_DLQ) == 2);
    assertEquals(List.of("f1", "f2"), EeBroker.bodies(EeBroker.drain(COMMIT_FAILS_DLQ)));
    List<String> mapped =
        Seen.of(BusyMeansRetry.MAPPED).stream().filter(m -> m.startsWith(COMMIT_FAILS)).toList();
    assertEquals(2, mapped.size(), mapped.toString());
    assertTrue(mapped.get(0).contains("RollbackException"), mapped.toString());
  }
}
