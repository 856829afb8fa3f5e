package dev.warren.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.GetResponse;
import dev.warren.Outbox;
import dev.warren.Publisher;
import dev.warren.ee.outbox.OutboxOrders;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.EeDatabase;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import dev.warren.internal.outbox.OutboxStats;
import dev.warren.internal.runtime.Deployed;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outbox against PostgreSQL through each server's own datasource and transaction manager (the
 * build runs this class on WildFly and on Open Liberty): a {@code @Transactional} bean inserts a
 * business row and publishes through {@code @Outbox Publisher}. Each test has a queue of its own;
 * the outbox table ({@value OutboxOrders#OUTBOX}) is created by Warren at deployment (it is dropped
 * before), and the relay sweeps every second.
 */
@ExtendWith(ArquillianExtension.class)
class OutboxIT {

  static final Duration WAIT = Duration.ofSeconds(30);
  static final String COMMITTED = "ee.outbox.committed";
  static final String NO_ID = "ee.outbox.no-id";
  static final String ROLLED_BACK = "ee.outbox.rolled-back";
  static final String LATE = "ee.outbox.late";
  static final String UNBOUND = "ee.outbox.unbound";

  @Inject OutboxOrders orders;
  @Inject @Outbox Publisher outbox;
  @Inject Deployed deployed;

  /** What the outbox's health data shows: the relay's last count. */
  private OutboxStats health() {
    return deployed.outbox().stats();
  }

  @Deployment
  static WebArchive deployment() {
    EeDatabase.setUp(
        "drop table if exists " + OutboxOrders.TABLE,
        "drop table if exists " + OutboxOrders.OUTBOX,
        "create table " + OutboxOrders.TABLE + " (id varchar(64) primary key)");
    EeBroker.freshQueues(Map.of(), COMMITTED, NO_ID, ROLLED_BACK, LATE);
    EeBroker.with(
        ch -> {
          ch.exchangeDelete(UNBOUND);
          ch.exchangeDeclare(UNBOUND, "direct", true);
          return null;
        });
    Map<String, String> config = new HashMap<>(EeDatabase.config());
    config.put("warren.connection-name", "warren-ee-outbox");
    config.put("warren.datasource", EeDatabase.serverDataSource());
    config.put("warren.outbox.table", OutboxOrders.OUTBOX);
    config.put("warren.outbox.sweep-interval", "1s");
    return Wars.war("outbox", config, OutboxOrders.class, EeDatabase.class, Servers.class);
  }

  private static List<GetResponse> arrived(String queue, int count) {
    Poll.until(count + " messages in " + queue, WAIT, () -> EeBroker.ready(queue) >= count);
    return EeBroker.drain(queue);
  }

  private static int rows(String routingKey) {
    return Integer.parseInt(
        EeDatabase.strings(
                "select count(*) from "
                    + OutboxOrders.OUTBOX
                    + " where routing_key = '"
                    + routingKey
                    + "'")
            .get(0));
  }

  @Test
  void aCommittedTransactionsMessagesArriveInOrderWithTheirIdsAndLeaveNoRow() throws Exception {
    orders.place(COMMITTED, "c1", "c2", "c3");

    List<GetResponse> messages = arrived(COMMITTED, 3);
    assertEquals(List.of("c1", "c2", "c3"), EeBroker.bodies(messages));
    assertEquals(
        List.of("m-c1", "m-c2", "m-c3"),
        messages.stream().map(m -> m.getProps().getMessageId()).toList());
    assertEquals(2, messages.get(0).getProps().getDeliveryMode());
    Poll.until("the outbox rows deleted", WAIT, () -> rows(COMMITTED) == 0);
    assertEquals(
        List.of("c1", "c2", "c3"),
        EeDatabase.strings(
            "select id from " + OutboxOrders.TABLE + " where id like 'c%' order by id"));
  }

  @Test
  void aMessageWithoutAnIdGetsAUuidWhenItsRowIsWritten() throws Exception {
    orders.placeWithoutId(NO_ID, "n1");

    GetResponse message = arrived(NO_ID, 1).get(0);
    assertNotNull(message.getProps().getMessageId());
    assertEquals(
        message.getProps().getMessageId(),
        UUID.fromString(message.getProps().getMessageId()).toString());
    assertEquals("text/plain", message.getProps().getContentType());
  }

  @Test
  void aRolledBackTransactionPublishesNothingAndLeavesNoRow() throws Exception {
    assertThrows(RuntimeException.class, () -> orders.placeThenFail(ROLLED_BACK, "r1"));
    // a committed one after it: once it arrived, the relay has been through the table since
    orders.place(ROLLED_BACK, "r2");

    assertEquals(List.of("r2"), EeBroker.bodies(arrived(ROLLED_BACK, 1)));
    Poll.until("the outbox rows deleted", WAIT, () -> rows(ROLLED_BACK) == 0);
    assertEquals(
        List.of("r2"),
        EeDatabase.strings("select id from " + OutboxOrders.TABLE + " where id like 'r%'"));
    assertEquals(0, EeBroker.ready(ROLLED_BACK));
  }

  @Test
  void aPublishOutsideATransactionThrowsAndSaysToUseTransactional() {
    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> outbox.publish("", COMMITTED, "x"));

    assertTrue(thrown.getMessage().startsWith("WARREN-316 "), thrown.getMessage());
    assertTrue(thrown.getMessage().contains("@Transactional"), thrown.getMessage());
  }

  @Test
  void anUnroutableMessageStaysInTheOutboxAndShowsInHealthUntilABindingExists() throws Exception {
    orders.placeTo(UNBOUND, "late", "u1");

    Poll.until(
        "the returned row marked",
        WAIT,
        () ->
            !EeDatabase.strings(
                    "select attempts from "
                        + OutboxOrders.OUTBOX
                        + " where message_id = 'm-u1' and attempts > 0")
                .isEmpty());
    String error =
        EeDatabase.strings(
                "select last_error from " + OutboxOrders.OUTBOX + " where message_id = 'm-u1'")
            .get(0);
    assertTrue(error.contains("unroutable"), error);
    Poll.until(
        "the failing row in the outbox's health data",
        WAIT,
        () -> health().failing() >= 1 && health().pending() >= 1);

    EeBroker.with(
        ch -> {
          ch.queueBind(LATE, UNBOUND, "late");
          return null;
        });

    assertEquals(List.of("u1"), EeBroker.bodies(arrived(LATE, 1)));
    Poll.until("the row deleted", WAIT, () -> rows("late") == 0);
    Poll.until("no failing row in health", WAIT, () -> health().failing() == 0);
  }
}
