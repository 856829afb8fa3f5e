package dev.warren.internal.health;

import dev.warren.internal.consume.ConsumerState;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.outbox.OutboxStats;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Entries of a check's data: a consumer's ({@code consumer.<name>} and its counts), the outbox's.
 */
final class Data {

  private Data() {}

  /** A state as the data shows it, e.g. {@code waiting-for-queue}. */
  static String label(ConsumerState state) {
    return state.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  static void consumer(HealthCheckResponseBuilder response, ConsumerStatus consumer) {
    String key = "consumer." + consumer.name();
    response
        .withData(key, label(consumer.state()))
        .withData(key + ".in-flight", consumer.inFlight())
        .withData(key + ".held", consumer.held());
    if (consumer.partition() != null) {
      response.withData(key + ".partition", consumer.partition().activity().label());
      if (consumer.partition().ready() >= 0) {
        response.withData(key + ".ready", consumer.partition().ready());
      }
    }
    if (consumer.deadLetters() >= 0) {
      response.withData(key + ".dead-letters", consumer.deadLetters());
    }
    if (!consumer.copiesFailing().isEmpty()) {
      response.withData(key + ".copies-failing", String.join("; ", consumer.copiesFailing()));
    }
  }

  /**
   * The outbox's entries: {@code outbox.pending} and {@code outbox.failing} (rows), {@code
   * outbox.oldest-age} (the oldest pending row's age in milliseconds), as the relay last counted.
   */
  static void outbox(HealthCheckResponseBuilder response, OutboxStats stats) {
    response
        .withData("outbox.pending", stats.pending())
        .withData("outbox.oldest-age", stats.oldestAge(Instant.now()).toMillis())
        .withData("outbox.failing", stats.failing());
  }
}
