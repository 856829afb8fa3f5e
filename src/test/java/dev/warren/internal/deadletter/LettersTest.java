package dev.warren.internal.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LettersTest {

  static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");

  static AMQP.BasicProperties properties(Map<String, Object> headers) {
    return new AMQP.BasicProperties.Builder().messageId("m-1").headers(headers).build();
  }

  static DeadLetter warrenCopy() {
    return Letters.read(
        3,
        properties(
            Map.of(
                "x-warren-death-reason", "max-attempts",
                "x-warren-origin-queue", "payments",
                "x-warren-exception", "java.net.SocketTimeoutException: read timed out",
                "x-warren-retry-count", 4,
                "tenant", "acme")),
        new byte[0]);
  }

  static DeadLetter brokerDeadLetter() {
    Map<String, Object> death = new HashMap<>();
    death.put("queue", "invoices");
    death.put("reason", "delivery_limit");
    death.put("count", 1L);
    death.put("time", Date.from(NOW.minus(Duration.ofHours(2))));
    return Letters.read(
        0,
        properties(
            Map.of(
                "x-death",
                List.of(death),
                "x-first-death-queue",
                "invoices",
                "x-first-death-reason",
                "delivery_limit",
                "x-warren-replayed",
                2)),
        new byte[0]);
  }

  @Test
  void warrensCopyAtTheCapNamesItsQueueReasonAndException() {
    DeadLetter letter = warrenCopy();
    assertThat(letter.position()).isEqualTo(3);
    assertThat(letter.originQueue()).isEqualTo("payments");
    assertThat(letter.reason()).isEqualTo("max-attempts");
    assertThat(letter.exception()).startsWith("java.net.SocketTimeoutException:");
    assertThat(letter.diedAt()).isNull();
    assertThat(letter.replayed()).isZero();
  }

  @Test
  void theBrokersDeadLetterNamesItsQueueReasonAndTime() {
    DeadLetter letter = brokerDeadLetter();
    assertThat(letter.originQueue()).isEqualTo("invoices");
    assertThat(letter.reason()).isEqualTo("delivery_limit");
    assertThat(letter.diedAt()).isEqualTo(NOW.minus(Duration.ofHours(2)));
    assertThat(letter.replayed()).isEqualTo(2);
  }

  @Test
  void warrensCopyDiedWhenItsDeathTimeSaysBeforeAnyOtherTime() {
    Map<String, Object> headers = new HashMap<>(brokerDeadLetter().properties().getHeaders());
    headers.put("x-warren-died-at", NOW.minus(Duration.ofMinutes(5)).toEpochMilli());
    AMQP.BasicProperties properties =
        properties(headers).builder().timestamp(Date.from(NOW.minus(Duration.ofDays(1)))).build();
    DeadLetter letter = Letters.read(0, properties, new byte[0]);
    assertThat(letter.diedAt()).isEqualTo(NOW.minus(Duration.ofMinutes(5)));
    DeadLetterQuery q = DeadLetterQuery.queue("dlq");
    assertThat(Letters.selects(q.newerThan(Duration.ofMinutes(10)), letter, NOW)).isTrue();
    assertThat(Letters.selects(q.olderThan(Duration.ofMinutes(10)), letter, NOW)).isFalse();
  }

  @Test
  void filtersCombineWithAnd() {
    DeadLetterQuery q = DeadLetterQuery.queue("dlq");
    assertThat(Letters.selects(q, warrenCopy(), NOW)).isTrue();
    assertThat(Letters.selects(q.reason("max-attempts"), warrenCopy(), NOW)).isTrue();
    assertThat(Letters.selects(q.reason("max-attempts"), brokerDeadLetter(), NOW)).isFalse();
    assertThat(Letters.selects(q.exception("java.net.SocketTimeoutException"), warrenCopy(), NOW))
        .isTrue();
    assertThat(Letters.selects(q.exception("java.net.Socket"), warrenCopy(), NOW)).isFalse();
    assertThat(Letters.selects(q.header("tenant", "acme"), warrenCopy(), NOW)).isTrue();
    assertThat(Letters.selects(q.header("tenant", "acme").reason("x"), warrenCopy(), NOW))
        .isFalse();
    assertThat(Letters.selects(q.messageIds("m-1", "m-2"), warrenCopy(), NOW)).isTrue();
    assertThat(Letters.selects(q.messageIds("m-2"), warrenCopy(), NOW)).isFalse();
  }

  @Test
  void anAgeSelectsOnlyDeadLettersWithATime() {
    DeadLetterQuery q = DeadLetterQuery.queue("dlq");
    assertThat(Letters.selects(q.olderThan(Duration.ofHours(1)), brokerDeadLetter(), NOW)).isTrue();
    assertThat(Letters.selects(q.olderThan(Duration.ofHours(3)), brokerDeadLetter(), NOW))
        .isFalse();
    assertThat(Letters.selects(q.newerThan(Duration.ofHours(3)), brokerDeadLetter(), NOW)).isTrue();
    assertThat(Letters.selects(q.newerThan(Duration.ofHours(3)), warrenCopy(), NOW)).isFalse();
  }

  @Test
  void aReplayedCopyStartsItsAttemptsAgainAndCountsTheReplay() {
    Map<String, Object> headers = new HashMap<>(warrenCopy().properties().getHeaders());
    headers.put("x-delivery-count", 3L);
    headers.put("x-warren-died-at", NOW.toEpochMilli());
    headers.put("x-warren-publish-seq", 17L);
    AMQP.BasicProperties replayed =
        Letters.replayed(properties(headers), "x-warren-retry-count", 2);
    assertThat(replayed.getHeaders())
        .doesNotContainKeys(
            "x-warren-retry-count", "x-delivery-count", "x-warren-died-at", "x-warren-publish-seq")
        .containsEntry("x-warren-replayed", 3)
        .containsEntry("tenant", "acme");
    assertThat(replayed.getMessageId()).isEqualTo("m-1");
    assertThat(Letters.kept(properties(headers)).getHeaders())
        .doesNotContainKeys("x-delivery-count", "x-warren-publish-seq")
        .containsEntry("x-warren-retry-count", 4)
        .containsEntry("x-warren-died-at", NOW.toEpochMilli());
  }
}
