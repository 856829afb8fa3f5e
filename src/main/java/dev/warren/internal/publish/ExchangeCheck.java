package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.internal.publish.ConfirmingPublisher.ConnectionSource;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

/**
 * Checks, once per exchange name, that an exchange exists before the first message goes to it. A
 * publish to a missing exchange makes the broker close the channel (404), which would fail every
 * other caller's message in flight on that shared channel as outcome unknown; the check runs on a
 * channel of its own (a passive declare, one round trip per exchange name), so only the message
 * that names the missing exchange fails. Names found are remembered until {@link #forget()}: an
 * exchange deleted after its first use still closes the publishing channel. Thread-safe.
 */
public final class ExchangeCheck {

  private final ConnectionSource connection;
  private final Set<String> existing = ConcurrentHashMap.newKeySet();
  private Channel channel;

  /**
   * @param connection the application's connection
   */
  public ExchangeCheck(ConnectionSource connection) {
    this.connection = connection;
  }

  /**
   * Whether {@code exchange} is known not to exist; the default exchange always exists.
   *
   * @throws IOException when the check itself fails for another reason than a missing exchange
   * @throws TimeoutException when no channel could be opened in time
   */
  public boolean missing(String exchange) throws IOException, TimeoutException {
    if (known(exchange)) {
      return false;
    }
    synchronized (this) {
      if (existing.contains(exchange)) {
        return false;
      }
      if (channel != null && !channel.isOpen()) {
        drop(channel);
      }
      if (channel == null) {
        channel = connection.get().createChannel();
      }
      try {
        channel.exchangeDeclarePassive(exchange);
      } catch (IOException e) {
        drop(channel); // the broker closed it
        if (e.getCause() instanceof ShutdownSignalException signal
            && signal.getReason() instanceof AMQP.Channel.Close close
            && close.getReplyCode() == AMQP.NOT_FOUND) {
          return true;
        }
        throw e;
      }
      existing.add(exchange);
      return false;
    }
  }

  /**
   * Lets go of the check's channel for good. The client's recovering connection keeps every channel
   * it opened until {@code close()} or {@code abort()} is called on it, even one the broker closed,
   * and opens it again at each recovery: a channel merely forgotten would come back as an open
   * channel nobody uses, one more after each 404. Runs on the caller's thread; {@code abort()} of a
   * closed channel sends nothing.
   */
  private void drop(Channel closed) {
    channel = null;
    try {
      closed.abort();
    } catch (IOException | RuntimeException e) {
      // already closed: all that matters is that the connection no longer recovers it
    }
  }

  /**
   * Whether {@code exchange} is known to exist, so that {@link #missing} asks the broker nothing.
   */
  public boolean known(String exchange) {
    return exchange.isEmpty() || existing.contains(exchange);
  }

  /** Forgets every exchange found: after a publishing channel closed, each is checked again. */
  public void forget() {
    existing.clear();
  }
}
