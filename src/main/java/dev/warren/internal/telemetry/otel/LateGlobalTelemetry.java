package dev.warren.internal.telemetry.otel;

import dev.warren.Delivery;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.DeadLetterReading;
import dev.warren.internal.telemetry.OutboxReading;
import dev.warren.internal.telemetry.PartitionReading;
import dev.warren.internal.telemetry.Processing;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import dev.warren.internal.telemetry.Telemetry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Telemetry on an SDK the application registers as {@link GlobalOpenTelemetry} after Warren
 * started: reports nothing until then, and everything from then on. Used when there is no {@code
 * OpenTelemetry} CDI bean and no global yet. Warren never sets the global itself ({@code
 * GlobalOpenTelemetry.get()} would install the no-op, and the application's later {@code set} would
 * throw), it only looks: once a second ({@link #CHECK_INTERVAL_MILLIS}), Warren's timer hands a
 * look at {@link GlobalOpenTelemetry#getOrNoop()} (which takes the API's lock) to Warren's internal
 * pool, so that neither the timer nor any message waits on that lock. The look stops when an SDK
 * was found, or when the global was set to the no-op (it stays so).
 *
 * <p>Per message the cost is one volatile read: {@link #sending} reads the resolved telemetry, each
 * consumer's {@link ConsumerTelemetry} its own delegate; before an SDK is registered they return
 * the no-op objects, which allocate nothing. Thread-safe.
 */
final class LateGlobalTelemetry implements Telemetry {

  private static final Logger LOG = Logger.getLogger(LateGlobalTelemetry.class.getName());

  /** How often the global is looked at until an SDK is found. */
  static final long CHECK_INTERVAL_MILLIS = 1000;

  private volatile Telemetry resolved = Telemetry.NONE;
  // the consumers started before an SDK was found: each gets its delegate when one is
  private final List<LateConsumer> waiting = new ArrayList<>();
  private Future<?> watch;
  private boolean done;
  // the partitions to report once an SDK is found; null when there are none
  private Supplier<List<PartitionReading>> partitions;
  // the dead letter queues to report once an SDK is found; null when there are none
  private Supplier<List<DeadLetterReading>> deadLetters;
  // the outbox to report once an SDK is found; null without one
  private Supplier<OutboxReading> outbox;

  @Override
  public void start(ScheduledExecutorService timer, Executor internal) {
    synchronized (this) {
      if (done || watch != null) {
        return;
      }
      try {
        watch =
            timer.scheduleWithFixedDelay(
                () -> {
                  try {
                    internal.execute(this::look);
                  } catch (RejectedExecutionException e) {
                    // shutting down
                  }
                },
                CHECK_INTERVAL_MILLIS,
                CHECK_INTERVAL_MILLIS,
                TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException e) {
        // shutting down
      }
    }
  }

  /** Looks at the global once: runs on Warren's internal pool. */
  void look() {
    OpenTelemetry global = GlobalOpenTelemetry.getOrNoop(); // never sets the global
    if (!OtelTelemetry.noop(global)) {
      resolve(new OtelTelemetry(global));
    } else if (GlobalOpenTelemetry.isSet()) {
      resolve(Telemetry.NONE); // set to the no-op: nothing will ever be recorded
    }
  }

  private void resolve(Telemetry found) {
    synchronized (this) {
      if (done) {
        return;
      }
      done = true;
      if (watch != null) {
        watch.cancel(false);
      }
      for (LateConsumer consumer : waiting) {
        consumer.delegate = found.consumer(consumer.name, consumer.queue);
      }
      waiting.clear();
      resolved = found;
      if (partitions != null) {
        found.partitions(partitions);
      }
      if (deadLetters != null) {
        found.deadLetters(deadLetters);
      }
      if (outbox != null) {
        found.outbox(outbox);
      }
    }
    if (found != Telemetry.NONE) {
      LOG.fine("Warren found an OpenTelemetry SDK in GlobalOpenTelemetry; it reports to it now");
    }
  }

  @Override
  public ConsumerTelemetry consumer(String consumer, String queue) {
    synchronized (this) {
      if (done) {
        return resolved.consumer(consumer, queue);
      }
      LateConsumer late = new LateConsumer(consumer, queue);
      waiting.add(late);
      return late;
    }
  }

  @Override
  public Sending sending(SendKind kind, String exchange, String routingKey) {
    return resolved.sending(kind, exchange, routingKey);
  }

  @Override
  public void recovered() {
    resolved.recovered();
  }

  @Override
  public void outbox(Supplier<OutboxReading> reading) {
    synchronized (this) {
      if (done) {
        resolved.outbox(reading);
      } else {
        outbox = reading;
      }
    }
  }

  @Override
  public void partitions(Supplier<List<PartitionReading>> readings) {
    synchronized (this) {
      if (done) {
        resolved.partitions(readings);
      } else {
        partitions = readings;
      }
    }
  }

  @Override
  public void deadLetters(Supplier<List<DeadLetterReading>> readings) {
    synchronized (this) {
      if (done) {
        resolved.deadLetters(readings);
      } else {
        deadLetters = readings;
      }
    }
  }

  @Override
  public void stop() {
    Telemetry current;
    synchronized (this) {
      done = true; // an SDK found after this gets nothing of this runtime
      if (watch != null) {
        watch.cancel(false);
      }
      current = resolved;
    }
    current.stop();
  }

  /** A consumer started before the SDK was found. */
  static final class LateConsumer implements ConsumerTelemetry {

    final String name;
    final String queue;
    volatile ConsumerTelemetry delegate = ConsumerTelemetry.NONE;

    LateConsumer(String name, String queue) {
      this.name = name;
      this.queue = queue;
    }

    @Override
    public Processing processing(Delivery delivery) {
      return delegate.processing(delivery);
    }

    @Override
    public Batch batch(List<? extends Delivery> deliveries) {
      return delegate.batch(deliveries);
    }
  }
}
