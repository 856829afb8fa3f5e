package dev.warren.internal.invocation;

import dev.warren.Outcome;
import dev.warren.internal.interceptor.RefusedDelivery;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What handling one delivery came to.
 *
 * @param outcome the outcome to settle with (for a responder's reply: once the reply is published)
 * @param failure the exception the outcome was mapped from, or {@code null}
 * @param reply a responder's reply to publish before settling, or {@code null}
 */
public record Handled(Outcome outcome, Throwable failure, Reply reply) {

  /** Handled without a reply. */
  public Handled(Outcome outcome, Throwable failure) {
    this(outcome, failure, null);
  }

  /**
   * Whether an interceptor of Warren's refused the delivery before the method ran: it goes to the
   * dead letter queue where the consumer has one ({@code Settlement.refused}).
   */
  public boolean refused() {
    return failure instanceof RefusedDelivery;
  }

  /**
   * What {@code stage} came to, if it has completed normally already (as the stage of a method that
   * returned an {@code Outcome}, nothing or a reply has): the caller then goes on at once, without
   * a continuation to allocate; {@code null} when it has to wait for the stage.
   */
  public static Handled now(CompletionStage<Handled> stage) {
    // only a plain future says whether it is done: other stages (a minimal stage) refuse to
    if (stage.getClass() == CompletableFuture.class) {
      CompletableFuture<Handled> future = (CompletableFuture<Handled>) stage;
      if (future.isDone() && !future.isCompletedExceptionally()) {
        return future.join();
      }
    }
    return null;
  }
}
