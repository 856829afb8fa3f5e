package dev.warren.internal.deadletter;

import com.rabbitmq.client.AMQP;
import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetters;
import dev.warren.Delivery;
import dev.warren.internal.codec.Headers;
import dev.warren.internal.publish.ConfirmTracker;
import dev.warren.internal.settlement.Settlement;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a dead letter's headers say (where it died, why, when), whether a query selects it, and the
 * headers of its copies. Pure functions, on the caller's thread.
 */
final class Letters {

  /**
   * Headers a copy must not carry over: the counts the broker adds to a delivery from a quorum
   * queue, and the sequence number a copy got when an identical one was in flight (its own copy
   * gets one again if it needs it).
   */
  private static final List<String> NOT_COPIED =
      List.of("x-delivery-count", "x-acquired-count", ConfirmTracker.SEQUENCE_HEADER);

  private Letters() {}

  /** The dead letter read at {@code position}. */
  static DeadLetter read(long position, AMQP.BasicProperties properties, byte[] body) {
    Map<String, Object> headers =
        properties.getHeaders() == null ? Map.of() : Headers.plain(properties.getHeaders());
    List<Delivery.Death> deaths = Headers.deaths(headers);
    Delivery.Death first = deaths.isEmpty() ? null : deaths.get(deaths.size() - 1);
    String origin =
        text(
            headers.get(Settlement.ORIGIN_QUEUE_HEADER),
            headers.get("x-first-death-queue"),
            first == null ? null : first.queue());
    String reason =
        text(
            headers.get(Settlement.DEATH_REASON_HEADER),
            headers.get("x-first-death-reason"),
            first == null ? null : first.reason());
    Instant diedAt =
        headers.get(Settlement.DIED_AT_HEADER) instanceof Number millis
            ? Instant.ofEpochMilli(millis.longValue())
            : first != null && first.time() != null
                ? first.time()
                : properties.getTimestamp() == null ? null : properties.getTimestamp().toInstant();
    Object exception = headers.get(Settlement.EXCEPTION_HEADER);
    return new DeadLetter(
        position,
        properties.getMessageId(),
        origin,
        reason,
        exception == null ? null : exception.toString(),
        diedAt,
        headers.get(DeadLetters.REPLAYED_HEADER) instanceof Number n ? n.intValue() : 0,
        headers,
        properties,
        body);
  }

  /** Whether {@code query}'s filters (not its limit) select {@code letter}, at {@code now}. */
  static boolean selects(DeadLetterQuery query, DeadLetter letter, Instant now) {
    if (query.reason() != null && !query.reason().equals(letter.reason())) {
      return false;
    }
    if (query.exception() != null
        && (letter.exception() == null
            || !(letter.exception().equals(query.exception())
                || letter.exception().startsWith(query.exception() + ":")))) {
      return false;
    }
    if (query.headerName() != null) {
      Object value = letter.headers().get(query.headerName());
      if (value == null || !query.headerValue().equals(value.toString())) {
        return false;
      }
    }
    if (query.olderThan() != null
        && (letter.diedAt() == null || !letter.diedAt().isBefore(now.minus(query.olderThan())))) {
      return false;
    }
    if (query.newerThan() != null
        && (letter.diedAt() == null || !letter.diedAt().isAfter(now.minus(query.newerThan())))) {
      return false;
    }
    return query.messageIds().isEmpty() || query.messageIds().contains(letter.messageId());
  }

  /**
   * The properties of a copy kept in the dead letter queue: the same, without the counts the broker
   * added to the delivery (and a sequence number of an earlier copy).
   */
  static AMQP.BasicProperties kept(AMQP.BasicProperties properties) {
    if (properties.getHeaders() == null) {
      return properties;
    }
    Map<String, Object> headers = new HashMap<>(properties.getHeaders());
    NOT_COPIED.forEach(headers::remove);
    return properties.builder().headers(headers).build();
  }

  /**
   * The properties of a replayed copy: the same, without Warren's retry count (the consumer's
   * attempts start again), Warren's death time, the broker's counts and a sequence number, with the
   * replay counter one higher.
   */
  static AMQP.BasicProperties replayed(
      AMQP.BasicProperties properties, String retryCountHeader, int replayedBefore) {
    Map<String, Object> headers =
        properties.getHeaders() == null ? new HashMap<>() : new HashMap<>(properties.getHeaders());
    NOT_COPIED.forEach(headers::remove);
    headers.remove(retryCountHeader);
    headers.remove(Settlement.DIED_AT_HEADER); // a new life: its next death gets its own time
    headers.put(DeadLetters.REPLAYED_HEADER, replayedBefore + 1);
    return properties.builder().headers(headers).build();
  }

  private static String text(Object... candidates) {
    for (Object candidate : candidates) {
      if (candidate != null) {
        return candidate.toString();
      }
    }
    return null;
  }
}
