package dev.warren.internal.telemetry;

import com.rabbitmq.client.AMQP;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One message on its way to the broker: its span starts when created and ends at {@link #done},
 * when the broker confirmed it (or, for a request, when its reply arrived) or it failed.
 */
public interface Sending {

  /** Reports nothing. */
  Sending NONE =
      new Sending() {
        @Override
        public boolean recording() {
          return false;
        }
      };

  /**
   * The message's properties with its trace context in the headers (the same object when there is
   * nothing to add).
   */
  default AMQP.BasicProperties carry(AMQP.BasicProperties properties) {
    return properties;
  }

  /**
   * The broker confirmed it ({@code failure == null}), or it failed.
   *
   * @param failure a {@code PublishException} or {@code RequestException} with its reason, or what
   *     else went wrong
   */
  default void done(Throwable failure) {}

  /** Whether {@link #done} needs calling (callers skip attaching a completion stage otherwise). */
  default boolean recording() {
    return true;
  }

  /**
   * A stage that completes as {@code stage} does, once {@code sending} is done: the span has ended
   * before the caller's callbacks run, and the caller sees the very exception {@code stage} failed
   * with (a plain dependent stage would wrap it in a {@code CompletionException}).
   */
  static <T> CompletionStage<T> endingWith(CompletionStage<T> stage, Sending sending) {
    CompletableFuture<T> result = new CompletableFuture<>();
    stage.whenComplete(
        (value, failure) -> {
          try {
            sending.done(failure);
          } finally {
            // also when ending the span threw (an application's span processor): it went out
            if (failure == null) {
              result.complete(value);
            } else {
              result.completeExceptionally(failure);
            }
          }
        });
    return result;
  }
}
