package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;

/**
 * The messages of area {@link MessageArea#COMMAND_LINE}: the dead letter command line ({@code
 * warren-cli}) prints them on standard error. None of them repeats a password.
 */
public final class CommandLineMessages {

  private CommandLineMessages() {}

  public static final Message MISSING_OPTION =
      new Message(
          330,
          Level.THROWN,
          "command line: {command} needs option '{option}' ({what}); |add it, e.g. {example}");

  public static String missingOption(String command, String option, String what, String example) {
    return MISSING_OPTION.text(command, option, what, example);
  }

  public static final Message BAD_VALUE =
      new Message(
          331,
          Level.THROWN,
          "command line: option '{option}' has the value '{value}', which is not valid: {why}; "
              + "|write {expected}");

  public static String badValue(String option, String value, String why, String expected) {
    return BAD_VALUE.text(option, value, why, expected);
  }

  public static final Message UNKNOWN_ARGUMENT =
      new Message(
          332,
          Level.THROWN,
          "command line: '{argument}' is {what}; |start with one of count, browse, replay or "
              + "purge, then the options ('--help' lists them)");

  public static String unknownArgument(String argument, String what) {
    return UNKNOWN_ARGUMENT.text(argument, what);
  }

  public static final Message BAD_URI =
      new Message(
          333,
          Level.THROWN,
          "command line: the broker URI from {source} is not valid: {why}; |write "
              + "amqp://user:password@host:port/virtual-host (amqps:// for TLS)");

  public static String badUri(String source, String why) {
    return BAD_URI.text(source, why);
  }

  public static final Message NO_VALUE =
      new Message(
          334,
          Level.THROWN,
          "command line: option '{option}' needs a value; |write {option} <value> or "
              + "{option}=<value>");

  public static String noValue(String option) {
    return NO_VALUE.text(option);
  }

  public static final Message TWICE =
      new Message(
          335,
          Level.THROWN,
          "command line: option '{option}' is given more than once; |give it once (only "
              + "--message-id may repeat)");

  public static String twice(String option) {
    return TWICE.text(option);
  }

  public static final Message NOT_FOR_COMMAND =
      new Message(
          336,
          Level.THROWN,
          "command line: option '{option}' does nothing for {command}; |leave it out, or use it "
              + "with {commands}");

  public static String notForCommand(String option, String command, String commands) {
    return NOT_FOR_COMMAND.text(option, command, commands);
  }

  public static final Message LOGIN_REFUSED =
      new Message(
          337,
          Level.THROWN,
          "command line: the broker at {where} refused user '{user}' ({why}); |check the user "
              + "name and password of --uri or WARREN_URI, and that the user may use the "
              + "virtual host");

  public static String loginRefused(String where, String user, String why) {
    return LOGIN_REFUSED.text(where, user, why);
  }

  public static final Message UNREACHABLE =
      new Message(
          338,
          Level.THROWN,
          "command line: cannot reach the broker at {where} ({why}); |check the host and port of "
              + "--uri or WARREN_URI, and that RabbitMQ runs there");

  public static String unreachable(String where, String why) {
    return UNREACHABLE.text(where, why);
  }

  public static final Message VIRTUAL_HOST_REFUSED =
      new Message(
          339,
          Level.THROWN,
          "command line: the broker at {where} refused virtual host '{vhost}' to user '{user}' "
              + "({why}); |check the virtual host, the path of --uri or WARREN_URI (write '/' "
              + "inside a name as %2F), and the user's permissions on it");

  public static String virtualHostRefused(String where, String vhost, String user, String why) {
    return VIRTUAL_HOST_REFUSED.text(where, vhost, user, why);
  }
}
