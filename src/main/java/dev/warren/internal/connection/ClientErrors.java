package dev.warren.internal.connection;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Consumer;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.TopologyRecoveryException;
import com.rabbitmq.client.impl.StrictExceptionHandler;
import dev.warren.internal.logging.ClientMessages;
import dev.warren.internal.logging.RateLimit;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Logger;

/**
 * The RabbitMQ client's error reports, in Warren's log with ids. The client's default handler
 * writes them through SLF4J, which discards them on a server without an SLF4J binding (Open
 * Liberty); this one keeps the client's behaviour (a failing callback closes its channel) and only
 * changes where the reports go, and where a failing callback's channel is closed: never on the
 * thread of the callback, which may be the connection's I/O thread (confirm and return listeners
 * always run there, and a consumer's callbacks too on a connection with {@link InlineDispatch}):
 * closing waits for the broker's close-ok, which only that thread reads. Recovery failures repeat
 * every few seconds while the broker is away, so they are logged at most once a minute. A frame the
 * client cannot read is reported by the connection's {@link UnreadableFrames} instead, which tells
 * a loop from a single close. One per connection factory; thread-safe.
 */
public final class ClientErrors extends StrictExceptionHandler {

  private static final Logger LOG = Logger.getLogger(ClientErrors.class.getName());
  private static final Duration RECOVERY_WARNING_INTERVAL = Duration.ofMinutes(1);

  private final RateLimit recoveryWarnings = new RateLimit(RECOVERY_WARNING_INTERVAL);
  private final UnreadableFrames frames;
  private final Executor closer;

  /**
   * @param frames watches the factory's connection for frames the client cannot read; {@code null}
   *     for a connection without recovery
   * @param closer where the channel of a failing callback is closed
   */
  public ClientErrors(UnreadableFrames frames, Executor closer) {
    this.frames = frames;
    this.closer = closer;
  }

  @Override
  public void handleUnexpectedConnectionDriverException(Connection connection, Throwable error) {
    ShutdownSignalException closing = connection.getCloseReason();
    if (closing != null && closing.isInitiatedByApplication()) {
      return; // Warren closed it (shutdown), and closed its socket when the broker did not answer
    }
    if (frames != null && UnreadableFrames.unreadable(error)) {
      frames.closed(error);
      return;
    }
    ClientMessages.clientConnectionFailed(LOG, error, name(connection), error.toString());
  }

  @Override
  public void handleConnectionRecoveryException(Connection connection, Throwable error) {
    recoveryFailed("connection '" + name(connection) + "'", error);
  }

  @Override
  public void handleChannelRecoveryException(Channel channel, Throwable error) {
    recoveryFailed("channel " + channel.getChannelNumber(), error);
  }

  @Override
  public void handleTopologyRecoveryException(
      Connection connection, Channel channel, TopologyRecoveryException error) {
    recoveryFailed("the topology of connection '" + name(connection) + "'", error);
  }

  private void recoveryFailed(String what, Throwable error) {
    if (recoveryWarnings.allow()) {
      ClientMessages.clientRecoveryFailed(LOG, error, what, error.toString());
    }
  }

  @Override
  public void handleConsumerException(
      Channel channel, Throwable error, Consumer consumer, String consumerTag, String methodName) {
    callbackFailed("consumer's " + methodName, channel, error);
    super.handleConsumerException(channel, error, consumer, consumerTag, methodName);
  }

  @Override
  public void handleReturnListenerException(Channel channel, Throwable error) {
    callbackFailed("return listener", channel, error);
    super.handleReturnListenerException(channel, error);
  }

  @Override
  public void handleConfirmListenerException(Channel channel, Throwable error) {
    callbackFailed("confirm listener", channel, error);
    super.handleConfirmListenerException(channel, error);
  }

  @Override
  public void handleBlockedListenerException(Connection connection, Throwable error) {
    ClientMessages.clientCallbackFailed(
        LOG,
        error,
        "blocked-connection listener",
        "0 of '" + name(connection) + "'",
        error.toString());
    super.handleBlockedListenerException(connection, error);
  }

  private static void callbackFailed(String callback, Channel channel, Throwable error) {
    ClientMessages.clientCallbackFailed(
        LOG,
        error,
        callback,
        channel.getChannelNumber() + " of '" + name(channel.getConnection()) + "'",
        error.toString());
  }

  @Override
  protected void handleChannelKiller(
      Channel channel, Throwable error, String logMessage, String closeMessage) {
    try {
      closer.execute(
          () -> ClientErrors.super.handleChannelKiller(channel, error, logMessage, closeMessage));
    } catch (RejectedExecutionException e) {
      // Warren is stopping and closes every channel itself
    }
  }

  /** The super class's reports are replaced by the ones above. */
  @Override
  protected void log(String message, Throwable error) {}

  private static String name(Connection connection) {
    String name = connection == null ? null : connection.getClientProvidedName();
    return name == null ? String.valueOf(connection) : name;
  }
}
