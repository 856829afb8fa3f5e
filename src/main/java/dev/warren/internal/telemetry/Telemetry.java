package dev.warren.internal.telemetry;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

/**
 * What the runtime reports about its traffic: a span and metrics per publish and per delivery, and
 * connection recoveries. {@link #NONE} does nothing and allocates nothing; it is what the runtime
 * gets when the OpenTelemetry API is absent or {@code warren.telemetry.enabled=false}. Chosen once
 * at deployment ({@link Telemetries#resolve}); thread-safe.
 */
public interface Telemetry {

  /** Reports nothing. */
  Telemetry NONE = new Telemetry() {};

  /**
   * The hooks of one consumer, created once when it starts.
   *
   * @param consumer the consumer's name
   * @param queue its queue
   */
  default ConsumerTelemetry consumer(String consumer, String queue) {
    return ConsumerTelemetry.NONE;
  }

  /**
   * A message the application sends (publish or request), in the caller's current trace context.
   *
   * @param kind {@link SendKind#PUBLISH} or {@link SendKind#REQUEST}
   * @param exchange where it goes
   * @param routingKey its routing key
   */
  default Sending sending(SendKind kind, String exchange, String routingKey) {
    return Sending.NONE;
  }

  /** The client recovered the application's connection after losing it. */
  default void recovered() {}

  /**
   * The runtime starts (on the deploying thread): telemetry that waits for the application to
   * register an SDK later may look for it on these, never on a message's path.
   *
   * @param timer Warren's timer, which must only hand work on
   * @param internal Warren's own work
   */
  default void start(ScheduledExecutorService timer, Executor internal) {}

  /**
   * The application has partitioned consumers: report each partition's activity and lag as gauges,
   * read from {@code partitions} when the meter collects, on the meter's thread ({@code partitions}
   * reads state only), until {@link #stop}.
   */
  default void partitions(Supplier<List<PartitionReading>> partitions) {}

  /**
   * Some consumers have a dead letter queue: report each one's ready messages as a gauge, read from
   * {@code deadLetters} when the meter collects, on the meter's thread ({@code deadLetters} reads
   * state only), until {@link #stop}.
   */
  default void deadLetters(Supplier<List<DeadLetterReading>> deadLetters) {}

  /**
   * The application uses the outbox: report its pending rows, the oldest one's age and its failing
   * rows as gauges, read from {@code outbox} (state only, never the database) when the meter
   * collects, until {@link #stop}.
   */
  default void outbox(Supplier<OutboxReading> outbox) {}

  /** The runtime stops: gauges stop reading it. */
  default void stop() {}
}
