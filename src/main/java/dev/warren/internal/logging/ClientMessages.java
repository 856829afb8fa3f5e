package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#CLIENT}. */
public final class ClientMessages {

  private ClientMessages() {}

  public static final Message FRAME_UNREADABLE =
      new Message(
          125,
          Level.WARN,
          "the RabbitMQ client closed connection '{connection}' ({onIt}) because "
              + "it could not read a frame the broker sent ({error}); |automatic "
              + "recovery reconnects it at once. If a message the Java client cannot "
              + "read (one Warren's frame guard does not catch: it catches header tables "
              + "the client cannot read) is first in a queue of the connection, the next "
              + "delivery closes it again: an error says so when it closes again within "
              + "{stable} of reconnecting");

  public static void frameUnreadable(
      Logger log, Throwable thrown, String connection, String onIt, String error, Duration stable) {
    FRAME_UNREADABLE.logThrown(log, thrown, connection, onIt, error, stable);
  }

  public static final Message UNREADABLE_MESSAGE_LOOP =
      new Message(
          126,
          Level.ERROR,
          "connection '{connection}' loops on a message the RabbitMQ Java client "
              + "cannot read: it closed twice in a row ({error}), each time soon after "
              + "it reconnected; {stuck}The client now waits {pause} before "
              + "reconnecting, doubling up to {most}. |Remove or move the message with a "
              + "tool that is not the Java client: the management UI's 'Get messages' on "
              + "the queue with Ack mode 'Reject requeue false' (it goes to the queue's "
              + "dead-letter exchange, if any), or 'rabbitmqctl purge_queue' if the "
              + "queue's other messages may go too{isolate} (logged once per loop)");

  public static void unreadableMessageLoop(
      Logger log,
      String connection,
      List<String> consumers,
      List<String> queues,
      String error,
      Duration pause,
      Duration most,
      boolean isolated) {
    String named = "'" + String.join("', '", queues) + "'";
    String queue = queues.size() == 1 ? "queue " + named : "one of the queues " + named;
    UNREADABLE_MESSAGE_LOOP.log(
        log,
        connection,
        error,
        (consumers.isEmpty()
            ? "no consumer is on it: the frame is a returned message or a reply; "
            : (consumers.size() == 1 ? "consumer '" : "consumers '")
                + String.join("', '", consumers)
                + (consumers.size() == 1 ? "' on it receives" : "' on it receive")
                + " nothing until the message is gone. The message (one the broker"
                + " accepts and Warren's frame guard does not catch) stays first in "
                + queue
                + ": nothing is acked or lost, and each reconnect delivers it again. "),
        pause,
        most,
        (isolated
            ? ""
            : "; set 'warren.connections=per-consumer' so that such a message stops only its own"
                + " consumer"));
  }

  public static final Message UNREADABLE_LOOP_ENDED =
      new Message(
          127,
          Level.INFO,
          "connection '{connection}' ({onIt}) stayed up for {stable} after "
              + "{closes} closes in a row for a message the client could not read: the "
              + "message is gone and the consumers receive again; |recovery waits "
              + "{interval} between attempts again");

  public static void unreadableLoopEnded(
      Logger log, String connection, String onIt, int closes, Duration stable, Duration interval) {
    UNREADABLE_LOOP_ENDED.log(log, connection, onIt, stable, closes, interval);
  }

  public static final Message CLIENT_CONNECTION_FAILED =
      new Message(
          203,
          Level.WARN,
          "the RabbitMQ client's connection '{connection}' failed unexpectedly "
              + "({error}); |automatic recovery reconnects it");

  public static void clientConnectionFailed(
      Logger log, Throwable thrown, String connection, String error) {
    CLIENT_CONNECTION_FAILED.logThrown(log, thrown, connection, error);
  }

  public static final Message CLIENT_RECOVERY_FAILED =
      new Message(
          204,
          Level.WARN,
          "the RabbitMQ client could not recover {what} ({error}); it tries again "
              + "(logged at most once a minute); |check that the broker is up and "
              + "reachable");

  public static void clientRecoveryFailed(Logger log, Throwable thrown, String what, String error) {
    CLIENT_RECOVERY_FAILED.logThrown(log, thrown, what, error);
  }

  public static final Message CLIENT_CALLBACK_FAILED =
      new Message(
          205,
          Level.ERROR,
          "a {callback} on channel {channel} threw {error}; |the RabbitMQ client "
              + "closes that channel (a Warren defect: please report it)");

  public static void clientCallbackFailed(
      Logger log, Throwable thrown, String callback, String channel, String error) {
    CLIENT_CALLBACK_FAILED.logThrown(log, thrown, callback, channel, error);
  }

  public static final Message CLIENT_INTERNALS_MISSING =
      new Message(
          230,
          Level.WARN,
          "the RabbitMQ client on the class path (amqp-client {clientVersion}) has "
              + "no {missing}, which Warren's inline consumer dispatch reads to take the "
              + "client's blocks of callbacks itself; consumer callbacks still run, "
              + "through the client's own runnable, at the cost of one list of about 1 "
              + "KB per consumed message, and on a connection the application can reach "
              + "every callback runs on Warren's pool; |use the amqp-client version "
              + "Warren was built and tested with, or report the version you need");

  public static void clientInternalsMissing(
      Logger log, Throwable thrown, String clientVersion, String missing) {
    CLIENT_INTERNALS_MISSING.logThrown(log, thrown, clientVersion, missing);
  }

  public static final Message DISPATCH_CALLBACK_FAILED =
      new Message(
          231,
          Level.ERROR,
          "a RabbitMQ client callback for {channel} threw {error} on thread "
              + "'{thread}' past the client's exception handler; the channel's later "
              + "callbacks and deliveries still run and the thread is not interrupted "
              + "(the client's exception handler has logged it and closed the channel if "
              + "the callback was a consumer's or a listener's); |a Warren or client "
              + "defect: please report it");

  public static void dispatchCallbackFailed(
      Logger log, Throwable thrown, String channel, String thread, String error) {
    DISPATCH_CALLBACK_FAILED.logThrown(log, thrown, channel, error, thread);
  }

  public static final Message DISPATCH_POOL_FAILED =
      new Message(
          232,
          Level.ERROR,
          "the RabbitMQ client's consumer work pool threw {error} on thread "
              + "'{thread}' while Warren's inline dispatch took or finished a block of "
              + "callbacks; the thread is not interrupted (an interrupted connection "
              + "thread would drop every later delivery silently); |if deliveries stop "
              + "on a channel, restart the application and report it");

  public static void dispatchPoolFailed(Logger log, Throwable thrown, String thread, String error) {
    DISPATCH_POOL_FAILED.logThrown(log, thrown, error, thread);
  }

  public static final Message DISPATCH_INTERRUPT_CLEARED =
      new Message(
          233,
          Level.WARN,
          "the RabbitMQ client's consumer work interrupted thread '{thread}' after "
              + "a callback failed (the client's exception handler reported it); |Warren "
              + "cleared the interruption, since an interrupted connection thread makes "
              + "the client drop every later delivery on the connection silently");

  public static void dispatchInterruptCleared(Logger log, String thread) {
    DISPATCH_INTERRUPT_CLEARED.log(log, thread);
  }

  public static final Message UNREADABLE_HEADERS =
      new Message(
          250,
          Level.WARN,
          "connection '{connection}' received a message on channel {channel} that "
              + "the RabbitMQ Java client cannot read ({why}; the broker accepts it): "
              + "Warren took its header table off before the client read it, so that the "
              + "connection and its other consumers go on. A consumer drops the message "
              + "as a decode failure (to its queue's dead-letter exchange, if any, with "
              + "its headers unchanged); a reply fails its request. |Find its publisher: "
              + "the headers come from there (logged at most once a minute per "
              + "connection)");

  public static void unreadableHeaders(Logger log, String connection, int channel, String why) {
    UNREADABLE_HEADERS.log(log, connection, channel, why);
  }
}
