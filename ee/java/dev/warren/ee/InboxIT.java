package dev.warren.ee;

import static dev.warren.ee.inbox.Payments.DLQ;
import static dev.warren.ee.inbox.Payments.EFFECTS;
import static dev.warren.ee.inbox.Payments.INBOX;
import static dev.warren.ee.inbox.Payments.NAME;
import static dev.warren.ee.inbox.Payments.QUEUE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.GetResponse;
import dev.warren.ee.app.Seen;
import dev.warren.ee.inbox.Payments;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.EeDatabase;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import java.nio.charset.StandardCharsets;
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
 * The inbox against PostgreSQL, through each server's own datasource and transaction manager (the
 * build runs this class on WildFly and on Open Liberty): an {@code @Idempotent @Transactional}
 * consumer ({@link Payments}) has its effects once per message id, a rollback takes the inbox row
 * with it, and a message without an id is refused straight into the dead letter queue, the
 * refusal's WARREN text in its headers. Warren creates the inbox table at deployment ({@code
 * warren.create-tables} is on by default). Each test publishes its own message ids from inside the
 * server, then a sentinel: with one delivery at a time, the sentinel's effect says that everything
 * before it was settled.
 */
@ExtendWith(ArquillianExtension.class)
class InboxIT {

  static final Duration WAIT = Duration.ofSeconds(30);

  @Deployment
  static WebArchive deployment() {
    EeDatabase.setUp(
        "drop table if exists " + INBOX,
        "drop table if exists " + EFFECTS,
        "create table " + EFFECTS + " (message_id varchar(255), body varchar(255), attempt int)");
    EeBroker.deleteQueues(QUEUE, DLQ);
    Map<String, String> config = new HashMap<>(EeDatabase.config());
    config.put("warren.connection-name", "warren-ee-inbox");
    config.put("warren.datasource", EeDatabase.serverDataSource());
    config.put("warren.inbox.table", INBOX);
    // Warren declares the quorum queue with its dead-letter arguments, and the dead letter queue
    config.put("warren.consumers." + NAME + ".declare-topology", "true");
    return Wars.war("inbox", config, Payments.class, Seen.class, EeDatabase.class, Servers.class);
  }

  @Test
  void theSameMessageIdThreeTimesIsHandledOnceAndAckedThreeTimes() {
    for (int i = 0; i < 3; i++) {
      publish("pay-dup", "dup");
    }
    settled("pay-dup-sentinel");

    assertEquals(List.of("pay-dup#1"), calls("pay-dup"));
    assertEquals(List.of("dup"), effects("pay-dup"));
    assertEquals(
        List.of("1"),
        EeDatabase.strings(
            "select count(*) from "
                + INBOX
                + " where consumer = '"
                + NAME
                + "' and message_id = 'pay-dup'"));
    assertEquals(0, EeBroker.ready(QUEUE));
    assertEquals(0, EeBroker.ready(DLQ));
  }

  @Test
  void differentMessageIdsAreEachHandledOnce() {
    publish("pay-a", "a");
    publish("pay-b", "b");
    publish("pay-a", "a");
    settled("pay-ab-sentinel");

    assertEquals(List.of("pay-a#1"), calls("pay-a"));
    assertEquals(List.of("pay-b#1"), calls("pay-b"));
    assertEquals(List.of("a"), effects("pay-a"));
    assertEquals(List.of("b"), effects("pay-b"));
    assertEquals(0, EeBroker.ready(DLQ));
  }

  @Test
  void aRolledBackHandlerTakesItsInboxRowWithItAndTheRetryHasTheOneEffect() {
    publish("pay-throw", "throw-once");
    Poll.until("the retry handled", WAIT, () -> calls("pay-throw").size() >= 2);
    settled("pay-throw-sentinel");

    // the first attempt inserted its effect and the inbox row, then threw: both rolled back, so
    // the second attempt was not taken for a duplicate
    assertEquals(List.of("pay-throw#1", "pay-throw#2"), calls("pay-throw"));
    assertEquals(List.of("throw-once"), effects("pay-throw"));
    assertEquals(
        List.of("2"),
        EeDatabase.strings("select attempt from " + EFFECTS + " where message_id = 'pay-throw'"));
    assertEquals(0, EeBroker.ready(DLQ));
  }

  @Test
  void aMessageWithoutIdIsNotHandledAndEndsInTheDeadLetterQueueNamingTheConsumer() {
    publish(null, "no-id");
    Poll.until("dead-lettered", WAIT, () -> EeBroker.ready(DLQ) == 1);
    settled("pay-no-id-sentinel");

    List<GetResponse> dead = EeBroker.drain(DLQ);
    assertEquals(List.of("no-id"), EeBroker.bodies(dead));
    Map<String, Object> headers = dead.get(0).getProps().getHeaders();
    assertEquals("refused", String.valueOf(headers.get("x-warren-death-reason")));
    String why = String.valueOf(headers.get("x-warren-exception"));
    assertTrue(
        why.contains("WARREN-327")
            && why.contains("consumer '" + NAME + "'")
            && why.contains("'warren.inbox.missing-id'"),
        why);
    assertEquals(List.of(), calls("-"));
    assertEquals(
        List.of("0"),
        EeDatabase.strings("select count(*) from " + EFFECTS + " where body = 'no-id'"));
  }

  /** Publishes the sentinel {@code id} and waits until the consumer has handled it. */
  private static void settled(String id) {
    publish(id, "sentinel");
    Poll.until(id + " handled", WAIT, () -> effects(id).size() == 1);
    Poll.until("the queue empty", WAIT, () -> EeBroker.ready(QUEUE) == 0);
  }

  private static List<String> calls(String id) {
    return Seen.of(NAME).stream().filter(call -> call.startsWith(id + "#")).toList();
  }

  private static List<String> effects(String id) {
    return EeDatabase.strings(
        "select body from " + EFFECTS + " where message_id = '" + id + "' order by body");
  }

  /** A persistent message with {@code messageId} ({@code null}: none) to the consumer's queue. */
  private static void publish(String messageId, String body) {
    EeBroker.with(
        ch -> {
          ch.basicPublish(
              "",
              QUEUE,
              new AMQP.BasicProperties.Builder().deliveryMode(2).messageId(messageId).build(),
              body.getBytes(StandardCharsets.UTF_8));
          return null;
        });
  }
}
