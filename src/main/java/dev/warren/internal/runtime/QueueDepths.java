package dev.warren.internal.runtime;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.internal.consume.ConsumerRunner;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.consume.PartitionActivity;
import dev.warren.internal.telemetry.PartitionReading;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
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
 * Samples the ready messages (the lag) of each partition of the application's partitioned
 * consumers, for health and metrics, which read the last sample and never wait. Every {@link
 * #INTERVAL_MILLIS} the timer hands one sampling to a broker-call thread, never two at once: it
 * declares each partition's queue passively on a channel of its own on the partition's connection.
 * A queue that is missing closes that channel (404): its lag is unknown until it exists again, and
 * the next queue gets a new channel. A connection that is closed or recovering gives unknown lags.
 * Also what the partition gauges read ({@link #readings}).
 */
final class PartitionSampler {

  private static final Logger LOG = Logger.getLogger(PartitionSampler.class.getName());

  /** How often the partitions' ready messages are sampled. */
  static final long INTERVAL_MILLIS = 5_000;

  private final List<ConsumerRunner> partitions;
  private final Executor brokerCalls;
  private final AtomicBoolean sampling = new AtomicBoolean();
  // the sampling channel of each connection; touched by one sampling at a time
  private final Map<Connection, Channel> channels = new HashMap<>();
  private Future<?> schedule;

  PartitionSampler(List<ConsumerRunner> partitions, Executor brokerCalls) {
    this.partitions = partitions;
    this.brokerCalls = brokerCalls;
  }

  /** Samples now and every {@link #INTERVAL_MILLIS}, until {@link #stop}. */
  synchronized void start(ScheduledExecutorService timer) {
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
  List<PartitionReading> readings() {
    List<PartitionReading> readings = new ArrayList<>(partitions.size());
    for (ConsumerRunner partition : partitions) {
      ConsumerStatus status = partition.status();
      readings.add(
          new PartitionReading(
              status.name(),
              status.queue(),
              status.partition().activity() == PartitionActivity.ACTIVE,
              status.partition().ready()));
    }
    return readings;
  }

  /** One sampling of every partition: broker calls, on a broker-call thread. */
  void sample() {
    for (ConsumerRunner partition : partitions) {
      partition.sampled(readyMessages(partition));
    }
  }

  private long readyMessages(ConsumerRunner partition) {
    Connection connection = partition.connection();
    if (connection == null || !connection.isOpen()) {
      return -1;
    }
    try {
      Channel channel = channels.get(connection);
      if (channel == null || !channel.isOpen()) {
        channel = connection.createChannel();
        channels.put(connection, channel);
      }
      return channel.queueDeclarePassive(partition.queue()).getMessageCount();
    } catch (IOException | RuntimeException e) {
      // a missing queue closed the channel; or the connection is going: unknown this time
      channels.remove(connection);
      LOG.log(Level.FINE, e, () -> "cannot sample the ready messages of " + partition.queue());
      return -1;
    }
  }
}
