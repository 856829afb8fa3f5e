package dev.warren.internal.runtime;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Consumer;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownListener;
import dev.warren.internal.publish.ConfirmTracker;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Owns one consumer's current channel and the confirm tracker of the copies and replies published
 * on it. Replacing the channel aborts the old one first: the client keeps every channel that was
 * not closed by the application in its recovery map, and would revive a broker-closed channel (and
 * its subscription) at the next connection recovery, doubling the consumer.
 */
final class ConsumerChannel {

  private static final Logger LOG = Logger.getLogger(ConsumerChannel.class.getName());

  private final String consumer;
  private final int prefetch;
  private final Duration confirmTimeout;
  private final Executor internal;
  private Channel channel;
  private String consumerTag;
  private ConfirmTracker copies;

  /**
   * @param consumer the consumer's name, for messages
   * @param prefetch its {@code basic.qos}, also the most copies unconfirmed at once
   * @param confirmTimeout how long a copy or reply may stay unconfirmed
   * @param internal where a copy or reply that had to wait for a place is sent (never the I/O
   *     thread that freed the place)
   */
  ConsumerChannel(String consumer, int prefetch, Duration confirmTimeout, Executor internal) {
    this.consumer = consumer;
    this.prefetch = prefetch;
    this.confirmTimeout = confirmTimeout;
    this.internal = internal;
  }

  /**
   * Aborts the current channel, if any, then opens a new one and subscribes on it.
   *
   * @param subscription makes the subscription's callbacks for the new channel
   * @param closed told when the new channel closes (not when it is replaced or closed here)
   * @param recovered told when the client's connection recovery has recovered the new channel
   */
  synchronized void open(
      Connection connection,
      String queue,
      Function<Channel, Consumer> subscription,
      ShutdownListener closed,
      RecoveryListener recovered)
      throws IOException {
    abortCurrent();
    Channel opened = connection.createChannel();
    if (opened == null) {
      throw new IOException("the connection has no channel number left");
    }
    channel = opened;
    opened.addShutdownListener(
        cause -> {
          if (isCurrent(opened)) {
            closed.shutdownCompleted(cause);
          }
        });
    if (opened instanceof Recoverable recoverable) {
      recoverable.addRecoveryListener(recovered);
    }
    opened.basicQos(prefetch);
    consumerTag = opened.basicConsume(queue, false, subscription.apply(opened));
  }

  private synchronized boolean isCurrent(Channel candidate) {
    return channel == candidate;
  }

  /**
   * Whether there is no channel or an open one: then no shutdown listener will reopen it, and a
   * failed start must try again itself.
   */
  synchronized boolean noneOrOpen() {
    return channel == null || channel.isOpen();
  }

  /** Sends {@code basic.cancel}: no new deliveries; those in flight go on. */
  synchronized void cancel() {
    if (channel == null || consumerTag == null || !channel.isOpen()) {
      return;
    }
    try {
      channel.basicCancel(consumerTag);
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "basic.cancel of consumer '" + consumer + "' failed", e);
    }
  }

  /**
   * Closes the current channel (unsettled deliveries go back to the queue) and forgets it, so that
   * the client's recovery does not revive it.
   */
  synchronized void close() {
    Channel current = channel;
    channel = null;
    consumerTag = null;
    if (current == null) {
      return;
    }
    if (current.isOpen()) {
      try {
        current.close();
        return;
      } catch (IOException | TimeoutException | RuntimeException e) {
        LOG.log(Level.FINE, "closing the channel of consumer '" + consumer + "' failed", e);
      }
    }
    abort(current);
  }

  /** Aborts the current channel, open or closed: the client's recovery forgets it as well. */
  private void abortCurrent() {
    Channel current = channel;
    channel = null;
    consumerTag = null;
    if (current != null) {
      abort(current);
    }
  }

  private void abort(Channel old) {
    try {
      old.abort();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "aborting the old channel of consumer '" + consumer + "' failed", e);
    }
  }

  /**
   * The tracker of copies and replies published on {@code own} (a delivery's channel, not the
   * recovering wrapper); a recovered or replaced channel gets a new tracker. A confirmation
   * completes right on the thread that brings it (usually the connection's I/O thread): what runs
   * then is only the settlement of the original or the request, one non-blocking frame on the same
   * channel, as hand-written client code would send it from its confirm listener.
   */
  synchronized ConfirmTracker copiesOn(Channel own) throws IOException {
    if (copies == null || copies.channel() != own) {
      copies = new ConfirmTracker(own, prefetch, confirmTimeout, 0, internal, Runnable::run);
    }
    return copies;
  }

  /** Fails copies unconfirmed past the confirm timeout; called periodically. */
  void expireCopies() {
    ConfirmTracker current;
    synchronized (this) {
      current = copies;
    }
    if (current != null) {
      current.expire();
    }
  }
}
