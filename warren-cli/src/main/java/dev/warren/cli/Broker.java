package dev.warren.cli;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.internal.config.AmqpUri;
import dev.warren.internal.config.ConnectionLayout;
import dev.warren.internal.config.ConnectionSettings;
import dev.warren.internal.deadletter.RabbitDeadLetters;
import dev.warren.internal.logging.CommandLineMessages;
import dev.warren.internal.logging.DeadLetterMessages;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;

/**
 * The broker a command line names: Warren's connection settings built from the URI alone (as
 * Warren's configuration builds them from {@code warren.uri}, without CDI or MicroProfile Config),
 * the dead letter operations on them, and what to tell the operator when the broker fails.
 */
final class Broker {

  /**
   * The connection name of the settings (the dead letter pass names its connections {@code
   * warren-dead-letters} itself, as in the application).
   */
  static final String CONNECTION_NAME = "warren-cli";

  private Broker() {}

  /** The same settings Warren reads from {@code warren.uri} when no other connection key is set. */
  static ConnectionSettings settings(AmqpUri uri) {
    return new ConnectionSettings(
        List.of(new Address(uri.host(), uri.port())),
        uri.tls(),
        uri.username() == null ? "guest" : uri.username(),
        uri.password() == null ? "guest" : uri.password(),
        uri.virtualHost(),
        CONNECTION_NAME,
        Duration.ofSeconds(1),
        ConnectionLayout.BY_ROLE);
  }

  /**
   * Dead letter operations on {@code uri}, each on a connection of its own (no consumers known).
   *
   * @param retryCountHeader Warren's retry count header, removed from replayed copies
   */
  static RabbitDeadLetters deadLetters(AmqpUri uri, String retryCountHeader) {
    ConnectionSettings settings = settings(uri);
    return new RabbitDeadLetters(
        settings.factory(), settings.addresses(), List.of(), retryCountHeader);
  }

  /** The URI for messages: the password masked. */
  static String masked(AmqpUri uri) {
    String user =
        uri.username() == null
            ? ""
            : uri.username() + (uri.password() == null ? "" : ":****") + "@";
    String vhost = uri.virtualHost().equals("/") ? "" : uri.virtualHost();
    return (uri.tls() ? "amqps" : "amqp") + "://" + user + uri.address() + "/" + vhost;
  }

  /**
   * What to print for a failed call: a refused login or an unreachable broker in words of the
   * command line, else the operation's own message ({@code WARREN-302}, {@code WARREN-303}).
   */
  static String explain(RuntimeException failure, AmqpUri uri) {
    String user = uri.username() == null ? "guest" : uri.username();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof AuthenticationFailureException
          || t instanceof PossibleAuthenticationFailureException) {
        return CommandLineMessages.loginRefused(masked(uri), user, firstLine(t.getMessage()));
      }
      if (t instanceof ShutdownSignalException signal
          && signal.isHardError()
          && signal.getReason() instanceof AMQP.Connection.Close close
          && close.getReplyCode() == AMQP.NOT_ALLOWED) {
        return CommandLineMessages.virtualHostRefused(
            masked(uri), uri.virtualHost(), user, close.getReplyText());
      }
      if (t instanceof ConnectException
          || t instanceof UnknownHostException
          || t instanceof NoRouteToHostException) {
        return CommandLineMessages.unreachable(
            masked(uri), t.getClass().getSimpleName() + ": " + firstLine(t.getMessage()));
      }
    }
    String message = failure.getMessage();
    if (message != null && message.startsWith(DeadLetterMessages.QUEUE_MISSING.id() + " ")) {
      // the library's advice speaks of the application's settings: say which option names it
      return message
          + System.lineSeparator()
          + "(on the command line: check --queue, and the virtual host in the path of --uri or "
          + Arguments.URI_VARIABLE
          + ")";
    }
    return message;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "no reason given";
    }
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
