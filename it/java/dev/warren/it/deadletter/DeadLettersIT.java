package dev.warren.it.deadletter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import dev.warren.DeadLetters;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * Dead letter operations on real queues: replaying 10,000 dead letters from a classic and from a
 * quorum dead letter queue loses and duplicates none and keeps the rate, leaves the others in place
 * and in order; a dry run changes nothing; a purge removes only what it selects; a consumer's dead
 * letter comes back to it as a first attempt. On RabbitMQ 4.x the same (the quorum queue gets the
 * default delivery limit of 20 there, which the operations never spend).
 */
class DeadLettersIT extends WarrenIT {

  static final String PREFIX = "warren.it.dl35.";
  static final String CLASSIC_DLQ = PREFIX + "classic.dlq";
  static final String QUORUM_DLQ = PREFIX + "quorum.dlq";
  static final String TARGET = PREFIX + "target";
  static final String SMALL_DLQ = PREFIX + "small.dlq";
  static final String SMALL_QUORUM_DLQ = PREFIX + "small.quorum.dlq";
  static final String PURGE_DLQ = PREFIX + "purge.dlq";
  static final String LIMITED_DLQ = PREFIX + "limited.dlq";
  static final String UNROUTABLE_DLQ = PREFIX + "unroutable.dlq";
  static final String CRASH_DLQ = PREFIX + "crash.dlq";
  static final String CRASH_TARGET = PREFIX + "crash.target";
  static final String ORDERS = PREFIX + "orders";
  static final String ORDERS_DLQ = PREFIX + "orders.dlq";
  static final int REPLAYED = 10_000;
  static final int RATE = 2_000;

  @BeforeDeployment
  static void prepare() {
    Broker.get()
        .queue(CLASSIC_DLQ)
        .queue(QUORUM_DLQ, Map.of("x-queue-type", "quorum"))
        .queue(TARGET)
        .queue(SMALL_DLQ)
        .queue(SMALL_QUORUM_DLQ, Map.of("x-queue-type", "quorum"))
        .queue(PURGE_DLQ, Map.of("x-queue-type", "quorum"))
        .queue(LIMITED_DLQ, Map.of("x-queue-type", "quorum", "x-delivery-limit", 2))
        .queue(UNROUTABLE_DLQ, Map.of("x-queue-type", "quorum"))
        .queue(CRASH_DLQ)
        .queue(CRASH_TARGET)
        .queue(ORDERS)
        .queue(ORDERS_DLQ);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Orders.class);
  }

  @Inject DeadLetters deadLetters;

  @ApplicationScoped
  public static class Orders {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = ORDERS, maxAttempts = 2, deadLetter = ORDERS_DLQ)
    public Outcome onOrder(String body, Delivery delivery) {
      Object replayed = delivery.headers().get(DeadLetters.REPLAYED_HEADER);
      SEEN.add(body + "/attempt " + delivery.attempt() + "/replayed " + replayed);
      if (replayed == null) {
        throw new IllegalArgumentException("no stock for " + body);
      }
      return Outcome.ack();
    }
  }

  @Test
  void replaysTenThousandFromAClassicQueueAtTheRateAndKeepsTheRestInOrder() throws Exception {
    replaysTenThousand(CLASSIC_DLQ, QueueType.CLASSIC, warrenHeaders());
  }

  @Test
  void replaysTenThousandFromAQuorumQueueAtTheRateAndKeepsTheRestInOrder() throws Exception {
    // the broker's own headers, as a quorum queue's delivery limit writes them; the queue's type
    // is not said: Warren copies the ones it keeps instead of requeueing them
    replaysTenThousand(QUORUM_DLQ, null, brokerHeaders());
  }

  /** One dead letter in 11 does not match and stays. */
  private void replaysTenThousand(String dlq, QueueType type, Map<String, Object> origin)
      throws Exception {
    List<String> ids = new ArrayList<>();
    List<Map<String, Object>> headers = new ArrayList<>();
    List<String> staying = new ArrayList<>();
    for (int i = 0; i < REPLAYED * 11 / 10; i++) {
      Map<String, Object> h = new HashMap<>(origin);
      boolean stays = i % 11 == 5;
      h.put("kind", stays ? "stays" : "replay");
      h.put("x-warren-retry-count", 2);
      String id = dlq + "-" + i;
      ids.add(id);
      headers.add(h);
      if (stays) {
        staying.add(id);
      }
    }
    try (Letters letters = new Letters()) {
      letters.publish(dlq, ids, headers);
      DeadLetterQuery query = DeadLetterQuery.queue(dlq).header("kind", "replay").rate(RATE);
      if (type != null) {
        query = query.queueType(type);
      }

      DeadLetterReport report = deadLetters.replay(query);
      // drained before any assertion, so that a failed one leaves the next test a clean target
      List<Letters.Read> arrived = letters.drain(TARGET);

      assertThat(report.examined()).isEqualTo(ids.size());
      assertThat(report.selected()).isEqualTo(REPLAYED);
      assertThat(report.done()).isEqualTo(REPLAYED);
      assertThat(report.failed()).isEmpty();
      System.out.printf(
          "dl35: %s replayed %d of %d in %d ms%n",
          dlq, report.done(), report.examined(), report.took().toMillis());

      // 10,000 at 2,000/s: 5 s within 10 %
      assertThat(report.took()).isBetween(Duration.ofMillis(4_500), Duration.ofMillis(5_500));
      assertThat(arrived).hasSize(REPLAYED);
      assertThat(new HashSet<>(arrived.stream().map(Letters.Read::messageId).toList()))
          .hasSize(REPLAYED)
          .allMatch(id -> !staying.contains(id) && id.startsWith(dlq + "-"));
      assertThat(arrived)
          .allSatisfy(
              r -> {
                assertThat(r.headers().get(DeadLetters.REPLAYED_HEADER)).isEqualTo(1);
                assertThat(r.headers()).doesNotContainKey("x-warren-retry-count");
                assertThat(r.headers().get("kind").toString()).isEqualTo("replay");
                assertThat(new String(r.body())).isEqualTo(r.messageId());
              });
      assertThat(letters.drain(dlq).stream().map(Letters.Read::messageId).toList())
          .containsExactlyElementsOf(staying);
    }
  }

  @Test
  void aDryRunAndABrowseChangeNothing() throws Exception {
    for (String dlq : List.of(SMALL_DLQ, SMALL_QUORUM_DLQ)) {
      List<String> ids = new ArrayList<>();
      List<Map<String, Object>> headers = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        ids.add(dlq + "-" + i);
        Map<String, Object> h = new HashMap<>(i % 2 == 0 ? warrenHeaders() : brokerHeaders());
        h.put("n", i);
        headers.add(h);
      }
      try (Letters letters = new Letters()) {
        letters.publish(dlq, ids, headers);
        DeadLetterReport replay = deadLetters.replay(DeadLetterQuery.queue(dlq).dryRun());
        DeadLetterReport purge =
            deadLetters.purge(DeadLetterQuery.queue(dlq).reason("max-attempts").dryRun());
        List<DeadLetter> page = deadLetters.browse(DeadLetterQuery.queue(dlq).limit(10));
        long count = deadLetters.count(DeadLetterQuery.queue(dlq).reason("delivery_limit"));

        assertThat(replay.selected()).isEqualTo(60);
        assertThat(replay.done()).isZero();
        assertThat(replay.selectedIds()).containsExactlyElementsOf(ids);
        assertThat(purge.selected()).isEqualTo(30);
        assertThat(purge.done()).isZero();
        assertThat(count).isEqualTo(30);
        assertThat(deadLetters.count(DeadLetterQuery.queue(dlq))).isEqualTo(60);
        assertThat(page)
            .extracting(DeadLetter::messageId)
            .containsExactlyElementsOf(ids.subList(0, 10));
        assertThat(page.get(0).reason()).isEqualTo("max-attempts");
        assertThat(page.get(0).originQueue()).isEqualTo(TARGET);
        assertThat(page.get(0).exception()).startsWith("java.lang.IllegalStateException:");
        assertThat(page.get(1).reason()).isEqualTo("delivery_limit");
        assertThat(page.get(1).originQueue()).isEqualTo(TARGET);
        assertThat(page.get(1).headers().get("n")).isEqualTo(1);
        assertThat(letters.drain(TARGET)).isEmpty();
        // many passes, yet no delivery count on what stays
        List<Letters.Read> left = letters.drain(dlq);
        assertThat(left).extracting(Letters.Read::messageId).containsExactlyElementsOf(ids);
        assertThat(left)
            .allSatisfy(r -> assertThat(r.headers()).doesNotContainKey("x-delivery-count"));
      }
    }
  }

  /**
   * A quorum queue with a delivery limit of 2 and no dead-letter route drops a message at its third
   * requeue (RabbitMQ 4.0 gives every quorum queue a limit of 20): browsing must not requeue in a
   * way that counts.
   */
  @Test
  void browsingAQuorumQueueTenTimesSpendsNoDeliveryAttempt() throws Exception {
    List<String> ids = List.of("a", "b", "c", "d", "e");
    List<Map<String, Object>> headers = new ArrayList<>();
    ids.forEach(id -> headers.add(brokerHeaders()));
    try (Letters letters = new Letters()) {
      letters.publish(LIMITED_DLQ, ids, headers);
      for (int i = 0; i < 10; i++) {
        assertThat(deadLetters.browse(DeadLetterQuery.queue(LIMITED_DLQ).messageIds("b", "d")))
            .extracting(DeadLetter::messageId)
            .containsExactly("b", "d");
      }
      assertThat(letters.drain(LIMITED_DLQ))
          .extracting(Letters.Read::messageId)
          .containsExactlyElementsOf(ids);
    }
  }

  @Test
  void aDeadLetterWhoseQueueIsGoneStaysAndIsReported() throws Exception {
    Map<String, Object> gone = new HashMap<>(warrenHeaders());
    gone.put("x-warren-origin-queue", PREFIX + "no-such-queue");
    try (Letters letters = new Letters()) {
      letters.publish(
          UNROUTABLE_DLQ,
          List.of("u-0", "u-1", "u-2"),
          List.of(warrenHeaders(), gone, warrenHeaders()));

      DeadLetterReport report = deadLetters.replay(DeadLetterQuery.queue(UNROUTABLE_DLQ));

      assertThat(report.done()).isEqualTo(2);
      assertThat(report.failed())
          .singleElement()
          .satisfies(
              f -> {
                assertThat(f.messageId()).isEqualTo("u-1");
                assertThat(f.target()).isEqualTo(PREFIX + "no-such-queue");
                assertThat(f.why()).contains("312").contains("NO_ROUTE");
              });
      assertThat(letters.drain(UNROUTABLE_DLQ))
          .extracting(Letters.Read::messageId)
          .containsExactly("u-1");
      assertThat(letters.drain(TARGET))
          .extracting(Letters.Read::messageId)
          .containsExactly("u-0", "u-2");
    }
  }

  /**
   * The broker closes the replay's connection half way: the call fails with WARREN-303, and every
   * dead letter is either still in the dead letter queue, in its order, or replayed (a few may be
   * both: replayed, their ack lost with the connection).
   */
  @Test
  void aReplayCutOffHalfWayLosesNothing() throws Exception {
    List<String> ids = new ArrayList<>();
    List<Map<String, Object>> headers = new ArrayList<>();
    Map<String, Object> origin = new HashMap<>(warrenHeaders());
    origin.put("x-warren-origin-queue", CRASH_TARGET);
    for (int i = 0; i < 3_000; i++) {
      ids.add("crash-" + i);
      headers.add(origin);
    }
    try (Letters letters = new Letters()) {
      letters.publish(CRASH_DLQ, ids, headers);
      java.util.concurrent.CompletableFuture<DeadLetterReport> replay =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () ->
                  deadLetters.replay(
                      DeadLetterQuery.queue(CRASH_DLQ).queueType(QueueType.CLASSIC).rate(500)));
      // rabbitmqctl takes seconds to list and close: the replay takes 6 s
      await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(CRASH_TARGET) >= 200);
      assertThat(Broker.closeConnectionsNamed("warren-dead-letters", "dl35 cut-off")).isOne();
      assertThat(replay)
          .failsWithin(Duration.ofSeconds(20))
          .withThrowableOfType(java.util.concurrent.ExecutionException.class)
          .withMessageContaining("WARREN-303");

      List<String> replayed =
          letters.drain(CRASH_TARGET).stream().map(Letters.Read::messageId).toList();
      List<String> left = letters.drain(CRASH_DLQ).stream().map(Letters.Read::messageId).toList();
      System.out.printf(
          "dl35: cut off after %d replayed, %d left, %d both%n",
          replayed.size(), left.size(), left.stream().filter(replayed::contains).count());
      assertThat(replayed).doesNotHaveDuplicates().hasSizeBetween(200, 2_999);
      HashSet<String> all = new HashSet<>(replayed);
      all.addAll(left);
      assertThat(all).containsExactlyInAnyOrderElementsOf(ids);
      assertThat(left)
          .isSortedAccordingTo(
              java.util.Comparator.comparingInt(id -> Integer.parseInt(id.substring(6))));
    }
  }

  @Test
  void aPurgeRemovesOnlyWhatItSelects() throws Exception {
    String dlq = PURGE_DLQ;
    List<String> ids = new ArrayList<>();
    List<Map<String, Object>> headers = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ids.add("purge-" + i);
      Map<String, Object> h = new HashMap<>(warrenHeaders());
      if (i % 4 == 0) {
        h.put("x-warren-exception", "java.net.SocketTimeoutException: read timed out");
      }
      headers.add(h);
    }
    try (Letters letters = new Letters()) {
      letters.publish(dlq, ids, headers);
      DeadLetterReport byException =
          deadLetters.purge(
              DeadLetterQuery.queue(dlq).exception("java.net.SocketTimeoutException").limit(5));
      DeadLetterReport byId = deadLetters.purge(DeadLetterQuery.queue(dlq).messageIds("purge-1"));
      assertThat(byException.done()).isEqualTo(5);
      assertThat(byException.selectedIds())
          .containsExactly("purge-0", "purge-4", "purge-8", "purge-12", "purge-16");
      assertThat(byId.done()).isEqualTo(1);
      List<String> expected = new ArrayList<>(ids);
      expected.removeAll(
          List.of("purge-0", "purge-4", "purge-8", "purge-12", "purge-16", "purge-1"));
      assertThat(letters.drain(dlq))
          .extracting(Letters.Read::messageId)
          .containsExactlyElementsOf(expected);
    }
  }

  /**
   * Warren's own copy at the cap carries its death time ({@code x-warren-died-at}, though the
   * publisher set no {@code timestamp}), so an age selects it; the replay is chosen by age.
   */
  @Test
  void aConsumersDeadLetterComesBackAsAFirstAttempt() throws Exception {
    java.time.Instant before = java.time.Instant.now().minusMillis(1);
    Broker.get().publish(ORDERS, "order-7");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(ORDERS_DLQ) == 1);
    java.time.Instant after = java.time.Instant.now().plusMillis(1);

    List<DeadLetter> page = deadLetters.browse(DeadLetterQuery.consumer(ORDERS));
    assertThat(page).hasSize(1);
    assertThat(page.get(0).reason()).isEqualTo("max-attempts");
    assertThat(page.get(0).originQueue()).isEqualTo(ORDERS);
    assertThat(page.get(0).exception()).startsWith("java.lang.IllegalArgumentException: no stock");
    assertThat(page.get(0).properties().getTimestamp()).isNull();
    assertThat(page.get(0).headers()).containsKey("x-warren-died-at");
    assertThat(page.get(0).diedAt()).isBetween(before, after);
    assertThat(deadLetters.count(DeadLetterQuery.consumer(ORDERS).olderThan(Duration.ofHours(1))))
        .isZero();

    DeadLetterReport report =
        deadLetters.replay(
            DeadLetterQuery.consumer(ORDERS)
                .exception("java.lang.IllegalArgumentException")
                .newerThan(Duration.ofHours(1)));
    assertThat(report.done()).isEqualTo(1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Orders.SEEN.contains("order-7/attempt 1/replayed 1"));
    assertThat(Orders.SEEN)
        .containsExactly(
            "order-7/attempt 1/replayed null",
            "order-7/attempt 2/replayed null",
            "order-7/attempt 1/replayed 1");
    assertThat(Broker.get().ready(ORDERS_DLQ)).isZero();
  }

  private static Map<String, Object> warrenHeaders() {
    return Map.of(
        "x-warren-death-reason", "max-attempts",
        "x-warren-origin-queue", TARGET,
        "x-warren-exception", "java.lang.IllegalStateException: payment service down");
  }

  private static Map<String, Object> brokerHeaders() {
    return Map.of("x-first-death-queue", TARGET, "x-first-death-reason", "delivery_limit");
  }
}
