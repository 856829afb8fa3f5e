package dev.warren.internal.runtime;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.internal.consume.ConsumerRunner;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.consume.PartitionActivity;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.telemetry.DeadLetterReading;
import dev.warren.internal.telemetry.PartitionReading;
import dev.warren.internal.telemetry.Telemetry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Samples the depth (ready messages) of the queues health and metrics watch, which read the last
 * sample and never wait: each partition's queue of the application's partitioned consumers (its
 * lag), and the dead letter queue of every consumer that has one. Every {@link #INTERVAL_MILLIS}
 * the timer hands one sampling to a broker-call thread, never two at once: it declares each queue
 * passively on a channel of its own on the consumer's connection. A queue that is missing closes
 * that channel (404): its depth is unknown until it exists again, and the next queue gets a new
 * channel. A connection that is closed or recovering gives unknown depths. Created at start only
 * when there is a queue to watch: otherwise no sampling and no gauge.
 */
final class QueueDepths {

  private static final Logger LOG = Logger.getLogger(QueueDepths.class.getName());

  /** How often the queues' ready messages are sampled. */
  static final long INTERVAL_MILLIS = 5_000;

  /** One watched queue: whose, which, and its ready messages when last sampled (-1: unknown). */
  private static final class Depth {
    final ConsumerRunner consumer;
    final String name; // the consumer's name
    final String queue;
    final boolean partition; // the partition's own queue: its lag goes to the consumer too
    volatile long ready = -1;

    Depth(ConsumerRunner consumer, String name, String queue, boolean partition) {
      this.consumer = consumer;
      this.name = name;
      this.queue = queue;
      this.partition = partition;
    }
  }

  private final List<Depth> depths;
  private final Map<ConsumerRunner, Depth> deadLetters = new IdentityHashMap<>();
  private final Executor brokerCalls;
  private final AtomicBoolean sampling = new AtomicBoolean();
  // the sampling channel of each connection; touched by one sampling at a time
  private final Map<Connection, Channel> channels = new HashMap<>();
  private Future<?> schedule;

  private QueueDepths(List<Depth> depths, Executor brokerCalls) {
    this.depths = depths;
    this.brokerCalls = brokerCalls;
    for (Depth depth : depths) {
      if (!depth.partition) {
        deadLetters.put(depth.consumer, depth);
      }
    }
  }

  /**
   * Watches the partitions and dead letter queues of the started {@code consumers}: samples now and
   * every {@link #INTERVAL_MILLIS}, and reports them to {@code telemetry} as gauges.
   *
   * @param models the consumers' models, for their dead letter queues
   * @return the sampler, {@code null} when there is nothing to watch (no thread, no gauge)
   */
  static QueueDepths watch(
      List<ConsumerRunner> consumers,
      List<ConsumerModel> models,
      Executor brokerCalls,
      ScheduledExecutorService timer,
      Telemetry telemetry) {
    Map<String, String> deadLetterOf = new HashMap<>();
    models.forEach(model -> deadLetterOf.put(model.name(), model.deadLetter()));
    List<Depth> depths = new ArrayList<>();
    for (ConsumerRunner consumer : consumers) {
      String name = consumer.status().name();
      if (consumer.partitioned()) {
        depths.add(new Depth(consumer, name, consumer.queue(), true));
      }
      String deadLetter = deadLetterOf.get(name);
      if (deadLetter != null && !deadLetter.isEmpty()) {
        depths.add(new Depth(consumer, name, deadLetter, false));
      }
    }
    if (depths.isEmpty()) {
      return null;
    }
    QueueDepths sampler = new QueueDepths(List.copyOf(depths), brokerCalls);
    sampler.start(timer);
    if (depths.stream().anyMatch(depth -> depth.partition)) {
      telemetry.partitions(sampler::partitions);
    }
    if (!sampler.deadLetters.isEmpty()) {
      telemetry.deadLetters(sampler::deadLetters);
    }
    return sampler;
  }

  private synchronized void start(ScheduledExecutorService timer) {
    schedule =
        timer.scheduleWithFixedDelay(this::handOn, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** No sampling after this one; the channels close with their connections. */
  synchronized void stop() {
    if (schedule != null) {
      schedule.cancel(false);
    }
  }

  /** On the timer: hands a sampling to a broker-call thread unless one still runs. */
  private void handOn() {
    if (!sampling.compareAndSet(false, true)) {
      return;
    }
    try {
      brokerCalls.execute(
          () -> {
            try {
              sample();
            } finally {
              sampling.set(false);
            }
          });
    } catch (RejectedExecutionException e) {
      sampling.set(false); // shutting down
    }
  }

  /** Each partition's activity and lag as the gauges read them: state only, never waiting. */
  List<PartitionReading> partitions() {
    List<PartitionReading> readings = new ArrayList<>();
    for (Depth depth : depths) {
      if (depth.partition) {
        ConsumerStatus status = depth.consumer.status();
        readings.add(
            new PartitionReading(
                depth.name,
                depth.queue,
                status.partition().activity() == PartitionActivity.ACTIVE,
                status.partition().ready()));
      }
    }
    return readings;
  }

  /** Each dead letter queue's ready messages as the gauge reads them: never waiting. */
  List<DeadLetterReading> deadLetters() {
    List<DeadLetterReading> readings = new ArrayList<>(deadLetters.size());
    for (Depth depth : depths) {
      if (!depth.partition) {
        readings.add(new DeadLetterReading(depth.name, depth.queue, depth.ready));
      }
    }
    return readings;
  }

  /** {@code status} with its consumer's dead letters as last sampled; never waits. */
  ConsumerStatus withDeadLetters(ConsumerRunner consumer, ConsumerStatus status) {
    Depth depth = deadLetters.get(consumer);
    return depth == null ? status : status.withDeadLetters(depth.ready);
  }

  /** One sampling of every watched queue: broker calls, on a broker-call thread. */
  void sample() {
    for (Depth depth : depths) {
      long ready = readyMessages(depth);
      depth.ready = ready;
      if (depth.partition) {
        depth.consumer.sampled(ready);
      }
    }
  }

  private long readyMessages(Depth depth) {
    Connection connection = depth.consumer.connection();
    if (connection == null || !connection.isOpen()) {
      return -1;
    }
    try {
      Channel channel = channels.get(connection);
      if (channel == null || !channel.isOpen()) {
        channel = connection.createChannel();
        channels.put(connection, channel);
      }
      return channel.queueDeclarePassive(depth.queue).getMessageCount();
    } catch (IOException | RuntimeException e) {
      // a missing queue closed the channel; or the connection is going: unknown this time
      channels.remove(connection);
      LOG.log(Level.FINE, e, () -> "cannot sample the ready messages of " + depth.queue);
      return -1;
    }
  }
}
