package dev.warren;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Which dead letters an operation of {@link DeadLetters} selects, and how it runs. Immutable: each
 * method returns a new query. Filters combine with "and"; a query without filters selects every
 * dead letter. Start from {@link #consumer} or {@link #queue}:
 *
 * <pre>{@code
 * DeadLetterQuery.consumer("payments").reason("max-attempts").olderThan(Duration.ofHours(1))
 *     .limit(500).rate(200)
 * }</pre>
 */
public final class DeadLetterQuery {

  /** The page size of {@link DeadLetters#browse} when no limit is set. */
  public static final int DEFAULT_PAGE = 100;

  // never changed once a query is handed out: each method changes a fresh copy
  private String consumer;
  private String queue;
  private QueueType queueType;
  private String reason;
  private String exception;
  private String headerName;
  private String headerValue;
  private Duration olderThan;
  private Duration newerThan;
  private Set<String> messageIds = Set.of();
  private int limit;
  private double rate;
  private boolean dryRun;

  private DeadLetterQuery() {}

  private DeadLetterQuery with(Consumer<DeadLetterQuery> change) {
    DeadLetterQuery query = copy();
    change.accept(query);
    return query;
  }

  private DeadLetterQuery copy() {
    DeadLetterQuery copy = new DeadLetterQuery();
    copy.consumer = consumer;
    copy.queue = queue;
    copy.queueType = queueType;
    copy.reason = reason;
    copy.exception = exception;
    copy.headerName = headerName;
    copy.headerValue = headerValue;
    copy.olderThan = olderThan;
    copy.newerThan = newerThan;
    copy.messageIds = messageIds;
    copy.limit = limit;
    copy.rate = rate;
    copy.dryRun = dryRun;
    return copy;
  }

  /**
   * The dead letter queue of the consumer named {@code name} (its {@code deadLetter} setting).
   *
   * @param name the consumer's name, as in {@code warren.consumers.<name>.*}
   */
  public static DeadLetterQuery consumer(String name) {
    DeadLetterQuery query = new DeadLetterQuery();
    query.consumer = Objects.requireNonNull(name, "name");
    return query;
  }

  /**
   * The queue named {@code name}, whatever declared it.
   *
   * @param name the queue's name
   */
  public static DeadLetterQuery queue(String name) {
    DeadLetterQuery query = new DeadLetterQuery();
    query.queue = Objects.requireNonNull(name, "name");
    return query;
  }

  /**
   * Tells Warren the queue's type, which it cannot read over AMQP: {@link QueueType#CLASSIC} lets
   * it hold and requeue the dead letters it keeps instead of rewriting the queue (see {@link
   * DeadLetters}). Warren knows it for a consumer's dead letter queue that it declares itself.
   */
  public DeadLetterQuery queueType(QueueType type) {
    return with(q -> q.queueType = Objects.requireNonNull(type, "type"));
  }

  /**
   * Only dead letters that died for {@code reason}: Warren's {@code max-attempts} or {@code
   * copy-failed}, or the broker's {@code rejected}, {@code expired}, {@code maxlen}, {@code
   * delivery_limit} (see {@link DeadLetter#reason()}).
   */
  public DeadLetterQuery reason(String reason) {
    return with(q -> q.reason = Objects.requireNonNull(reason, "reason"));
  }

  /**
   * Only dead letters whose {@code x-warren-exception} names the exception class {@code className}
   * (fully qualified, e.g. {@code java.net.SocketTimeoutException}).
   */
  public DeadLetterQuery exception(String className) {
    return with(q -> q.exception = Objects.requireNonNull(className, "className"));
  }

  /** Only dead letters with header {@code name} whose value, as text, is {@code value}. */
  public DeadLetterQuery header(String name, String value) {
    return with(
        q -> {
          q.headerName = Objects.requireNonNull(name, "name");
          q.headerValue = Objects.requireNonNull(value, "value");
        });
  }

  /**
   * Only dead letters that died more than {@code age} ago ({@link DeadLetter#diedAt()}); one
   * without a time is never selected by an age.
   */
  public DeadLetterQuery olderThan(Duration age) {
    return with(q -> q.olderThan = Objects.requireNonNull(age, "age"));
  }

  /** Only dead letters that died less than {@code age} ago, see {@link #olderThan}. */
  public DeadLetterQuery newerThan(Duration age) {
    return with(q -> q.newerThan = Objects.requireNonNull(age, "age"));
  }

  /** Only dead letters with one of these message ids. */
  public DeadLetterQuery messageIds(String... ids) {
    return with(q -> q.messageIds = Set.of(ids));
  }

  /**
   * At most {@code count} dead letters are selected (the first ones from the head that match).
   *
   * @throws IllegalArgumentException when {@code count} is below 1
   */
  public DeadLetterQuery limit(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + count);
    }
    return with(q -> q.limit = count);
  }

  /**
   * At most {@code perSecond} copies a second for {@link DeadLetters#replay}.
   *
   * @throws IllegalArgumentException when {@code perSecond} is not above 0
   */
  public DeadLetterQuery rate(double perSecond) {
    if (!(perSecond > 0)) {
      throw new IllegalArgumentException("rate must be above 0, was " + perSecond);
    }
    return with(q -> q.rate = perSecond);
  }

  /** Changes nothing: the report says what would have been replayed or purged. */
  public DeadLetterQuery dryRun() {
    return with(q -> q.dryRun = true);
  }

  /** The consumer whose dead letter queue this is, {@code null} when a queue is named. */
  public String consumer() {
    return consumer;
  }

  /** The queue named, {@code null} when a consumer is. */
  public String queue() {
    return queue;
  }

  /** The queue's type as the caller said, {@code null} when not said. */
  public QueueType queueType() {
    return queueType;
  }

  /** The death reason selected, {@code null} for any. */
  public String reason() {
    return reason;
  }

  /** The exception class selected, {@code null} for any. */
  public String exception() {
    return exception;
  }

  /** The header selected on, {@code null} for none. */
  public String headerName() {
    return headerName;
  }

  /** The header's value selected, {@code null} for none. */
  public String headerValue() {
    return headerValue;
  }

  /** The least age selected, {@code null} for none. */
  public Duration olderThan() {
    return olderThan;
  }

  /** The greatest age selected, {@code null} for none. */
  public Duration newerThan() {
    return newerThan;
  }

  /** The message ids selected, empty for any. */
  public Set<String> messageIds() {
    return messageIds;
  }

  /** The most dead letters selected, 0 for no limit. */
  public int limit() {
    return limit;
  }

  /** The most copies a second, 0 for no limit. */
  public double rate() {
    return rate;
  }

  /** Whether nothing is to be changed. */
  public boolean isDryRun() {
    return dryRun;
  }

  /** Whether any filter is set (a limit counts as one). */
  public boolean filters() {
    return reason != null
        || exception != null
        || headerName != null
        || olderThan != null
        || newerThan != null
        || !messageIds.isEmpty()
        || limit > 0;
  }

  @Override
  public String toString() {
    StringBuilder text =
        new StringBuilder(consumer != null ? "consumer '" + consumer : "queue '" + queue)
            .append('\'');
    append(text, "reason", reason);
    append(text, "exception", exception);
    append(text, "header " + headerName, headerValue);
    append(text, "older than", olderThan);
    append(text, "newer than", newerThan);
    append(text, "message ids", messageIds.isEmpty() ? null : messageIds);
    append(text, "limit", limit == 0 ? null : limit);
    append(text, "rate", rate == 0 ? null : rate + "/s");
    return dryRun ? text.append(", dry run").toString() : text.toString();
  }

  private static void append(StringBuilder text, String name, Object value) {
    if (value != null) {
      text.append(", ").append(name).append(' ').append(value);
    }
  }
}
