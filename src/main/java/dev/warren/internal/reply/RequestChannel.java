package dev.warren.internal.reply;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.RequestException.Reason;
import dev.warren.internal.logging.ReplyMessages;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One request channel of the {@link DirectReplyRequester}, with its no-ack reply consumer on
 * {@value DirectReplyRequester#REPLY_TO} and the requests waiting on it ({@link WaitingRequests}).
 * Requests are published here, the broker's replies and returns come here (on the connection's I/O
 * thread, which only takes the request out and hands it to {@code completions}), and when the
 * channel closes every request waiting on it fails at once. Dead once closed: the requester opens
 * another.
 */
final class RequestChannel {

  private static final Logger LOG = Logger.getLogger(DirectReplyRequester.class.getName());

  private final Channel channel;
  private final Executor completions;
  private final WaitingRequests waiting;
  private final Object publishLock = new Object();
  private volatile String closedBy;

  /**
   * Starts the reply consumer; nothing is published before it runs.
   *
   * @param completions where replies are decoded and request stages complete
   * @param timer runs the timeouts
   */
  RequestChannel(Channel channel, Executor completions, ScheduledExecutorService timer)
      throws IOException {
    this.channel = channel;
    this.completions = completions;
    this.waiting = new WaitingRequests(timer);
    channel.addShutdownListener(this::closed);
    channel.addReturnListener(this::returned);
    try {
      channel.basicConsume(DirectReplyRequester.REPLY_TO, true, new Replies(channel));
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  boolean isOpen() {
    return closedBy == null && channel.isOpen();
  }

  /**
   * Publishes one request, waiting for its reply under {@code id}.
   *
   * @return {@code false} when the channel was closed and nothing was sent: try another
   */
  boolean send(String id, PendingRequest<?> pending, AMQP.BasicProperties properties, byte[] body) {
    synchronized (publishLock) {
      if (!isOpen()) {
        return false;
      }
      waiting.add(id, pending);
      try {
        channel.basicPublish(pending.exchange, pending.routingKey, true, properties, body);
      } catch (AlreadyClosedException e) {
        waiting.leave(pending);
        return false;
      } catch (IOException e) {
        if (waiting.leave(pending)) {
          pending.fail(
              Reason.NOT_SENT,
              ReplyMessages.requestNotSent(pending.exchange, pending.routingKey, e.toString()),
              e);
        }
      }
    }
    return true;
  }

  private void replied(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    String id = properties.getCorrelationId();
    PendingRequest<?> pending = waiting.take(id);
    if (pending == null) {
      // late (after its timeout) or not ours: nothing waits for it
      LOG.fine(() -> "ignoring a reply with correlation id '" + id + "': no request waits for it");
      return;
    }
    pending.reply = new ReplyDelivery(envelope, properties, body);
    try {
      completions.execute(pending); // the pending request is the task: no lambda per reply
    } catch (RejectedExecutionException e) {
      pending.run();
    }
  }

  /** A mandatory request no queue matched: fail it now rather than at its timeout. */
  private void returned(Return returned) {
    String id = returned.getProperties().getCorrelationId();
    PendingRequest<?> pending = waiting.take(id);
    if (pending != null) {
      pending.fail(
          Reason.UNROUTABLE,
          ReplyMessages.requestUnroutable(pending.exchange, pending.routingKey),
          null);
    }
  }

  private void closed(ShutdownSignalException cause) {
    lost(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
  }

  /** Every waiting request fails at once; the channel is not used again. */
  private void lost(String why, Throwable cause) {
    synchronized (publishLock) {
      closedBy = why;
    }
    for (PendingRequest<?> pending : waiting.all()) {
      if (waiting.leave(pending)) {
        pending.fail(
            Reason.CHANNEL_CLOSED,
            ReplyMessages.requestChannelClosed(pending.exchange, pending.routingKey, why),
            cause);
      }
    }
  }

  void close() {
    try {
      if (channel.isOpen()) {
        channel.close();
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      abort();
    }
    lost("Warren shut down", null);
  }

  /** Lets go of the channel for good, so that the client's recovery does not revive it. */
  void abort() {
    try {
      channel.abort();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "aborting a request channel failed", e);
    }
  }

  /** The no-ack reply consumer; it never blocks and never waits for the broker. */
  private final class Replies extends DefaultConsumer {
    Replies(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      replied(envelope, properties, body);
    }

    @Override
    public void handleCancel(String tag) {
      lost("the broker cancelled the reply consumer", null);
    }
  }
}
