package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.List;

/** The messages of area {@link MessageArea#STARTUP}. */
public final class StartupMessages {

  private StartupMessages() {}

  public static final Message DEPLOYMENT_FAILED =
      new Message(
          1,
          Level.THROWN,
          "Warren found {found}:{problems}",
          "fix each problem listed: each has its own id");

  /**
   * One problem stays on the first line; several get a first line with their ids. Tools that show
   * only a failure's first line (Open Liberty's deploy result, many log views) still say what.
   */
  public static String deploymentFailed(List<String> problems) {
    if (problems.size() == 1) {
      return DEPLOYMENT_FAILED.text("1 deployment problem", " " + problems.get(0));
    }
    return DEPLOYMENT_FAILED.text(
        problems.size()
            + " deployment problems ("
            + problems.stream()
                .map(p -> p.length() >= 10 ? p.substring(0, 10) : p)
                .distinct()
                .collect(java.util.stream.Collectors.joining(", "))
            + ")",
        "\n  " + String.join("\n  ", problems));
  }

  public static final Message BROKER_UNREACHABLE =
      new Message(
          2,
          Level.PROBLEM,
          "cannot connect to RabbitMQ at {where}: {reason}; |start the broker or "
              + "point 'warren.uri' (or 'warren.addresses') at it");

  public static String brokerUnreachable(String where, String reason) {
    return BROKER_UNREACHABLE.text(where, reason);
  }

  public static final Message CREDENTIALS_REFUSED =
      new Message(
          3,
          Level.PROBLEM,
          "RabbitMQ at {where} refused the credentials of user '{user}'; |set "
              + "'warren.username' and 'warren.password' (or the user info of "
              + "'warren.uri')");

  public static String credentialsRefused(String where, String user) {
    return CREDENTIALS_REFUSED.text(where, user);
  }

  public static final Message INVALID_CONFIG =
      new Message(
          4,
          Level.PROBLEM,
          "config key '{key}' has invalid value '{value}': {why}",
          "give the key a value the message allows");

  public static String invalidConfig(String key, String value, String why) {
    return INVALID_CONFIG.text(key, value, why);
  }

  public static final Message UNKNOWN_KEY =
      new Message(
          130,
          Level.WARN,
          "config key '{key}' {why}{consequence}",
          "correct or remove the key (set 'warren.strict-config=true' to make it a deployment problem)");

  public static String unknownKey(String key, String why, boolean strict) {
    return UNKNOWN_KEY.text(
        key,
        why,
        (strict
            ? " ('warren.strict-config=true' makes this a deployment problem)"
            : "; the key is ignored (set 'warren.strict-config=true' to fail deployment instead)"));
  }

  public static final Message VIRTUAL_HOST_MISSING =
      new Message(
          131,
          Level.PROBLEM,
          "RabbitMQ at {where} has no virtual host '{vhost}'; |create it on the "
              + "broker (rabbitmqctl add_vhost) or set 'warren.virtual-host' (or the "
              + "path of 'warren.uri') to one that exists");

  public static String virtualHostMissing(String where, String vhost) {
    return VIRTUAL_HOST_MISSING.text(where, vhost);
  }

  public static final Message VIRTUAL_HOST_REFUSED =
      new Message(
          132,
          Level.PROBLEM,
          "RabbitMQ at {where} accepted the credentials of user '{user}' but "
              + "refused it access to virtual host '{vhost}'; |grant the user "
              + "permissions there (rabbitmqctl set_permissions -p '{vhost}' '{user}' "
              + "...), or set 'warren.username' to a user that has them");

  public static String virtualHostRefused(String where, String vhost, String user) {
    return VIRTUAL_HOST_REFUSED.text(where, user, vhost);
  }

  public static final Message NOT_AMQP =
      new Message(
          133,
          Level.PROBLEM,
          "the server at {where} did not answer in AMQP 0-9-1 ({why}); |if that "
              + "port expects TLS (RabbitMQ's TLS port is usually 5671), use amqps:// in "
              + "'warren.uri'; otherwise point 'warren.uri' (or 'warren.addresses') at "
              + "the broker's AMQP port (usually 5672)");

  public static String notAmqp(String where, String why) {
    return NOT_AMQP.text(where, why);
  }

  public static final Message DUPLICATE_MAPPER =
      new Message(
          134,
          Level.PROBLEM,
          "more than one dev.warren.spi.FailureMapper bean maps '{exception}' "
              + "({mappers}), and only one can decide; |keep one, or map a more specific "
              + "exception type in the other");

  public static String duplicateMapper(String exception, String mappers) {
    return DUPLICATE_MAPPER.text(exception, mappers);
  }
}
