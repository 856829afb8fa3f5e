package dev.warren.internal.reply;

import dev.warren.RequestException;
import dev.warren.RequestException.Reason;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.logging.ReplyMessages;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One request waiting for its reply; completes exactly once, on {@code completions}: with the
 * decoded reply when it is run, or with the failure {@link #fail} is given.
 */
final class PendingRequest<R> extends Deadlines.Entry implements Runnable {
  final String exchange;
  final String routingKey;
  final Type replyType;
  final PayloadDecoder decoder;
  final Duration timeout;
  final CompletableFuture<R> future = new CompletableFuture<>();
  private final Executor completions;
  String id; // its correlation id, set as it is sent
  ReplyDelivery reply; // set before it runs

  /**
   * @param completions where the stage completes, and so where the caller's callbacks run
   */
  PendingRequest(
      String exchange,
      String routingKey,
      Type replyType,
      PayloadDecoder decoder,
      Duration timeout,
      Executor completions) {
    this.exchange = exchange;
    this.routingKey = routingKey;
    this.replyType = replyType;
    this.decoder = decoder;
    this.timeout = timeout;
    this.completions = completions;
  }

  /**
   * Decodes the reply and completes the stage, here (on {@code completions}). Whatever the decoder
   * throws fails the stage, an {@code Error} too (JSON-B overflows the stack on a body nested about
   * a thousand levels deep): this request has left the waiting ones and its timeout, so nothing
   * else would ever complete it.
   */
  @Override
  @SuppressWarnings("unchecked")
  public void run() {
    Object value;
    try {
      value = decoder.decode(reply);
    } catch (Throwable e) {
      String why =
          e instanceof StackOverflowError
              ? e + ": the reply is nested too deeply to decode"
              : e.toString();
      future.completeExceptionally(
          new RequestException(
              Reason.UNDECODABLE_REPLY,
              exchange,
              routingKey,
              ReplyMessages.replyUndecodable(exchange, routingKey, replyType.getTypeName(), why),
              e));
      return;
    }
    future.complete((R) value);
  }

  /** Fails the stage, on {@code completions}. */
  void fail(Reason reason, String message, Throwable cause) {
    RequestException failure = new RequestException(reason, exchange, routingKey, message, cause);
    try {
      completions.execute(() -> future.completeExceptionally(failure));
    } catch (RejectedExecutionException e) {
      future.completeExceptionally(failure);
    }
  }
}
