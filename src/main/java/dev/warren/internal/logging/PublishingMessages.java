package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;

/** The messages of area {@link MessageArea#PUBLISHING}. */
public final class PublishingMessages {

  private PublishingMessages() {}

  public static final Message NACKED =
      new Message(
          50,
          Level.THROWN,
          "the broker refused responsibility for the message to exchange "
              + "'{exchange}' with routing key '{routingKey}' (basic.nack); |it was not "
              + "queued, and publishing it again is safe");

  public static String nacked(String exchange, String routingKey) {
    return NACKED.text(exchange, routingKey);
  }

  public static final Message UNROUTABLE =
      new Message(
          51,
          Level.THROWN,
          "the message to exchange '{exchange}' with routing key '{routingKey}' "
              + "was returned as unroutable: no queue is bound for it; |bind a queue, or "
              + "publish with mandatory=false if losing it is acceptable");

  public static String unroutable(String exchange, String routingKey) {
    return UNROUTABLE.text(exchange, routingKey);
  }

  public static final Message CONFIRM_TIMED_OUT =
      new Message(
          52,
          Level.THROWN,
          "the broker did not confirm the message to exchange '{exchange}' with "
              + "routing key '{routingKey}' within 'warren.publisher.confirm-timeout' "
              + "({timeout}); |it may or may not be queued");

  public static String confirmTimedOut(String exchange, String routingKey, Duration timeout) {
    return CONFIRM_TIMED_OUT.text(exchange, routingKey, timeout);
  }

  public static final Message OUTCOME_UNKNOWN =
      new Message(
          53,
          Level.THROWN,
          "the channel closed before the broker confirmed the message to exchange "
              + "'{exchange}' with routing key '{routingKey}'{why}; |outcome unknown: it "
              + "may or may not be queued");

  public static String outcomeUnknown(String exchange, String routingKey, Throwable cause) {
    return OUTCOME_UNKNOWN.text(
        exchange, routingKey, (cause == null ? "" : " (" + cause.getMessage() + ")"));
  }

  public static final Message NOT_SENT =
      new Message(
          54,
          Level.THROWN,
          "the message to exchange '{exchange}' with routing key '{routingKey}' "
              + "was not sent: {why}",
          "fix what the reason names, then publish again (it was not sent)");

  public static String notSent(String exchange, String routingKey, String why) {
    return NOT_SENT.text(exchange, routingKey, why);
  }

  public static final Message NULL_HEADER =
      new Message(
          139,
          Level.THROWN,
          "header '{name}' of an OutgoingMessage has no value (null); |leave the "
              + "header out, or give it a value");

  public static String nullHeader(String name) {
    return NULL_HEADER.text(name);
  }

  public static final Message MESSAGE_WITHOUT_PAYLOAD =
      new Message(
          140,
          Level.THROWN,
          "the message to exchange '{exchange}' with routing key '{routingKey}' "
              + "has no payload (null); |give it a body (an empty byte[] for none)");

  public static String messageWithoutPayload(String exchange, String routingKey) {
    return MESSAGE_WITHOUT_PAYLOAD.text(exchange, routingKey);
  }

  public static final Message PRIORITY_OUT_OF_RANGE =
      new Message(
          141,
          Level.THROWN,
          "priority {priority} is out of range; |a message priority is from 0 to "
              + "255 (a priority queue uses at most its x-max-priority)");

  public static String priorityOutOfRange(int priority) {
    return PRIORITY_OUT_OF_RANGE.text(priority);
  }

  public static final Message REFUSED_BY_CLIENT =
      new Message(
          142,
          Level.THROWN,
          "the message to exchange '{exchange}' with routing key '{routingKey}' "
              + "was not sent: the RabbitMQ client refused to encode it ({cause}). A "
              + "message id, correlation id, content type, content encoding, type, user "
              + "id, app id, reply-to or header name holds at most 255 bytes, and the "
              + "properties must fit in one frame; |shorten what is too long. Messages "
              + "unconfirmed on the same channel fail as OUTCOME_UNKNOWN (the channel is "
              + "replaced: the client had counted this one)");

  public static String refusedByClient(String exchange, String routingKey, String cause) {
    return REFUSED_BY_CLIENT.text(exchange, routingKey, cause);
  }

  public static final Message EXPIRATION_OUT_OF_RANGE =
      new Message(
          220,
          Level.THROWN,
          "expiration {expiration} is out of range; a per-message TTL is from 0 to "
              + "{longestMillis} ms ({longestDays} days): RabbitMQ refuses a longer one "
              + "with 406 PRECONDITION_FAILED and closes the publishing channel, failing "
              + "the messages unconfirmed on it. |Give a shorter expiration, or none for "
              + "messages that never expire");

  public static String expirationOutOfRange(Duration expiration, Duration longest) {
    return EXPIRATION_OUT_OF_RANGE.text(expiration, longest.toMillis(), longest.toDays());
  }
}
