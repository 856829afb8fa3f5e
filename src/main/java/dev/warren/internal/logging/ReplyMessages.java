package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#REPLY}. */
public final class ReplyMessages {

  private ReplyMessages() {}

  public static final Message NO_REPLY_TO =
      new Message(
          76,
          Level.WARN,
          "consumer '{consumer}': delivery {tag} from queue '{queue}' has no "
              + "reply_to, so the responder's reply was not sent; |the request was acked "
              + "(requests need the reply_to property, e.g. from dev.warren.Requester; "
              + "logged at most once a minute per consumer)");

  public static void noReplyTo(Logger log, String consumer, String queue, long tag) {
    NO_REPLY_TO.log(log, consumer, tag, queue);
  }

  public static final Message REPLY_FAILED =
      new Message(
          77,
          Level.WARN,
          "consumer '{consumer}': publishing the reply to '{replyTo}' for delivery "
              + "{tag} failed ({why}); |the request was not acked and is retried (logged "
              + "at most once a minute per consumer)");

  public static void replyFailed(
      Logger log, String consumer, long tag, String replyTo, String why) {
    REPLY_FAILED.log(log, consumer, replyTo, tag, why);
  }

  public static final Message REQUEST_TIMED_OUT =
      new Message(
          78,
          Level.THROWN,
          "no reply to the request to exchange '{exchange}' with routing key "
              + "'{routingKey}' arrived within {timeout}; it may or may not have been "
              + "handled (is a responder consuming?); |a late reply is ignored");

  public static String requestTimedOut(String exchange, String routingKey, Duration timeout) {
    return REQUEST_TIMED_OUT.text(exchange, routingKey, timeout);
  }

  public static final Message REQUEST_UNROUTABLE =
      new Message(
          79,
          Level.THROWN,
          "the request to exchange '{exchange}' with routing key '{routingKey}' "
              + "was returned as unroutable: no queue is bound for it; |check the "
              + "exchange and routing key, or declare the responder's queue");

  public static String requestUnroutable(String exchange, String routingKey) {
    return REQUEST_UNROUTABLE.text(exchange, routingKey);
  }

  public static final Message REQUEST_CHANNEL_CLOSED =
      new Message(
          80,
          Level.THROWN,
          "the request channel closed while the request to exchange '{exchange}' "
              + "with routing key '{routingKey}' waited for its reply ({cause}); it may "
              + "or may not have been handled; |the next request opens a new channel");

  public static String requestChannelClosed(String exchange, String routingKey, String cause) {
    return REQUEST_CHANNEL_CLOSED.text(exchange, routingKey, cause);
  }

  public static final Message REQUEST_NOT_SENT =
      new Message(
          81,
          Level.THROWN,
          "the request to exchange '{exchange}' with routing key '{routingKey}' "
              + "was not sent: {why}",
          "fix what the reason names, then send the request again (it was not sent)");

  public static String requestNotSent(String exchange, String routingKey, String why) {
    return REQUEST_NOT_SENT.text(exchange, routingKey, why);
  }

  public static final Message REPLY_UNDECODABLE =
      new Message(
          82,
          Level.THROWN,
          "the reply to the request to exchange '{exchange}' with routing key "
              + "'{routingKey}' could not be decoded into '{type}' ({why}); |ask for "
              + "byte[] or String to see it as it is");

  public static String replyUndecodable(
      String exchange, String routingKey, String type, String why) {
    return REPLY_UNDECODABLE.text(exchange, routingKey, type, why);
  }
}
