package dev.warren.internal.connection;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Consumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownListener;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.internal.publish.ConfirmTracker;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
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
 *
 * <p>Every channel it opens has a default consumer ({@link Strays}) for deliveries to a consumer
 * tag the client no longer knows: RabbitMQ 4.3 re-activates a quorum queue's consumer it cancelled
 * at its consumer timeout when an ack of the consumer crosses the cancel on the wire, and then
 * delivers to the dropped tag; without a default consumer the client throws "Unsolicited delivery"
 * and closes the whole connection. Such deliveries are left unacked: the channel, which the broker
 * cancelled the subscription of, is closed right after (the consumer subscribes again on a new
 * one), and that returns them to the queue.
 *
 * <p>Its monitor guards only which channel is current and is never held across a broker call: a
 * broker that does not answer (a connection blocked by an alarm, a half-open TCP connection) makes
 * a call wait up to the client's RPC timeout, and the confirm sweep on Warren's timer, the shutdown
 * listener on the client's threads and shutdown must not wait behind it. {@link #open} runs on
 * Warren's broker-call threads (or the starting thread), {@link #cancel} and {@link #close} at
 * shutdown there too, bounded by the caller.
 */
public final class ConsumerChannel {

  private static final Logger LOG = Logger.getLogger(ConsumerChannel.class.getName());

  private final String consumer;
  private final int prefetch;
  private final Duration confirmTimeout;
  private final Executor internal;
  private final Object opening = new Object(); // one open at a time, held across its broker calls
  private final Object tracking = new Object(); // one new tracker at a time (confirm.select)
  private volatile Channel channel;
  private String consumerTag;
  private boolean closedForGood;
  private volatile ConfirmTracker copies;
  private final Strays strays = new Strays();

  /**
   * @param consumer the consumer's name, for messages
   * @param prefetch its {@code basic.qos}, also the most copies unconfirmed at once
   * @param confirmTimeout how long a copy or reply may stay unconfirmed
   * @param internal where a copy or reply that had to wait for a place is sent (never the I/O
   *     thread that freed the place)
   */
  public ConsumerChannel(
      String consumer, int prefetch, Duration confirmTimeout, Executor internal) {
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
   * @param arguments the {@code basic.consume} arguments, empty for none
   * @throws IOException also when the consumer was closed for good meanwhile
   */
  public void open(
      Connection connection,
      String queue,
      Function<Channel, Consumer> subscription,
      ShutdownListener closed,
      RecoveryListener recovered,
      Map<String, Object> arguments)
      throws IOException {
    synchronized (opening) {
      Channel old;
      synchronized (this) {
        if (closedForGood) {
          throw new IOException("consumer '" + consumer + "' has closed");
        }
        old = channel;
        channel = null;
        consumerTag = null;
      }
      if (old != null) {
        abort(old);
      }
      Channel opened = connection.createChannel();
      if (opened == null) {
        throw new IOException("the connection has no channel number left");
      }
      synchronized (this) {
        if (!closedForGood) {
          channel = opened;
        }
      }
      if (channel != opened) {
        abort(opened);
        throw new IOException("consumer '" + consumer + "' has closed");
      }
      opened.addShutdownListener(
          cause -> {
            if (channel == opened) {
              closed.shutdownCompleted(cause);
            }
          });
      opened.setDefaultConsumer(strays);
      if (opened instanceof Recoverable recoverable) {
        recoverable.addRecoveryListener(new StraysAgain());
        recoverable.addRecoveryListener(recovered);
      }
      opened.basicQos(prefetch);
      String tag =
          opened.basicConsume(
              queue, false, "", false, false, arguments, subscription.apply(opened));
      synchronized (this) {
        if (channel == opened) {
          consumerTag = tag;
        }
      }
    }
  }

  /**
   * Whether there is no channel or an open one: then no shutdown listener will reopen it, and a
   * failed start must try again itself.
   */
  public boolean noneOrOpen() {
    Channel current = channel;
    return current == null || current.isOpen();
  }

  /** Sends {@code basic.cancel}: no new deliveries; those in flight go on. */
  public void cancel() {
    Channel current;
    String tag;
    synchronized (this) {
      current = channel;
      tag = consumerTag;
    }
    if (current == null || tag == null || !current.isOpen()) {
      return;
    }
    try {
      current.basicCancel(tag);
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "basic.cancel of consumer '" + consumer + "' failed", e);
    }
  }

  /**
   * Closes the current channel (unsettled deliveries go back to the queue) and forgets it, so that
   * the client's recovery does not revive it.
   */
  public void close() {
    Channel current;
    synchronized (this) {
      current = channel;
      channel = null;
      consumerTag = null;
    }
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

  /**
   * Like {@link #close}, and no channel opens any more: an open under way when this is called
   * aborts the channel it made.
   */
  public void closeForGood() {
    synchronized (this) {
      closedForGood = true;
    }
    close();
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
  public ConfirmTracker copiesOn(Channel own) throws IOException {
    ConfirmTracker current = copies;
    if (current != null && current.channel() == own) {
      return current;
    }
    synchronized (tracking) {
      if (copies == null || copies.channel() != own) {
        copies = new ConfirmTracker(own, prefetch, confirmTimeout, 0, internal, Runnable::run);
      }
      return copies;
    }
  }

  /** Fails copies unconfirmed past the confirm timeout; called periodically. */
  public void expireCopies() {
    ConfirmTracker current = copies; // never waits: this runs on Warren's timer
    if (current != null) {
      current.expire();
    }
  }

  /**
   * The default consumer of the consumer's channels: takes deliveries to a consumer tag the client
   * has dropped (after a broker's {@code basic.cancel}, a re-activated subscription) so that the
   * client does not close the connection over them, and leaves them unacked: the channel is closed
   * right after, which returns them to the queue. Runs on the channel's callback thread (the
   * reader); never a broker call.
   */
  private final class Strays implements Consumer {
    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      LOG.fine(
          () ->
              "consumer '"
                  + consumer
                  + "': delivery "
                  + envelope.getDeliveryTag()
                  + " came for consumer tag '"
                  + tag
                  + "', which the broker had cancelled; left unacked, it goes back to the queue"
                  + " as the channel closes");
    }

    @Override
    public void handleConsumeOk(String tag) {}

    @Override
    public void handleCancelOk(String tag) {}

    @Override
    public void handleCancel(String tag) {}

    @Override
    public void handleShutdownSignal(String tag, ShutdownSignalException cause) {}

    @Override
    public void handleRecoverOk(String tag) {}
  }

  /** Gives a channel the client's recovery made anew its default consumer again. */
  private final class StraysAgain implements RecoveryListener {
    @Override
    public void handleRecovery(Recoverable recoverable) {
      if (recoverable instanceof Channel recovered) {
        recovered.setDefaultConsumer(strays);
      }
    }

    @Override
    public void handleRecoveryStarted(Recoverable recoverable) {}
  }
}
