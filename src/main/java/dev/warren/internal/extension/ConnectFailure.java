package dev.warren.internal.extension;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.internal.config.ConnectionSettings;
import dev.warren.internal.logging.StartupMessages;

/**
 * What a failed connection attempt at deployment means, as one problem with its own id: refused
 * credentials, a virtual host that does not exist or that the user may not use, a port that does
 * not speak AMQP (often a TLS port reached with {@code amqp://}), or an unreachable broker. Pure.
 */
final class ConnectFailure {

  private ConnectFailure() {}

  static String describe(Exception e, ConnectionSettings settings) {
    String where = settings.where();
    if (e instanceof PossibleAuthenticationFailureException) {
      return StartupMessages.credentialsRefused(where, settings.username());
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ShutdownSignalException signal
          && signal.getReason() instanceof AMQP.Connection.Close close
          && close.getReplyCode() == AMQP.NOT_ALLOWED) {
        // RabbitMQ: "NOT_ALLOWED - vhost x not found" or "... access to vhost 'x' refused ..."
        return close.getReplyText().contains("not found")
            ? StartupMessages.virtualHostMissing(where, settings.virtualHost())
            : StartupMessages.virtualHostRefused(
                where, settings.virtualHost(), settings.username());
      }
      if (t instanceof MalformedFrameException) {
        return StartupMessages.notAmqp(where, t.getMessage());
      }
    }
    return StartupMessages.brokerUnreachable(where, reason(e));
  }

  private static String reason(Exception e) {
    Throwable t = e;
    while (t.getCause() != null && t.getMessage() == null) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.toString();
  }
}
