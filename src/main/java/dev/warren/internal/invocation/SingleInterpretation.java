package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.interceptor.Invocation;
import dev.warren.internal.interceptor.RefusedDelivery;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.Settlement;
import dev.warren.spi.Codec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a single delivery's call came to (SPEC sections 1, 8 and 10): {@code void} acks, an {@code
 * Outcome} is the outcome, a stage settles when it completes, a responder's value is encoded as its
 * reply, and an exception maps through the {@link FailureMapping} (a {@link RefusedDelivery} is
 * dropped). An {@link Error} is not mapped: the stage fails with it, and the runtime stops the
 * consumer without settling. One per consumer, used by Warren's interceptor for each call.
 */
final class SingleInterpretation
    implements Invocation.Interpretation<Delivery, CompletionStage<Handled>> {

  private static final Logger LOG = Logger.getLogger(SingleInterpretation.class.getName());

  // what most calls come to, made once: completed futures, which Handled.now reads at once;
  // nothing completes or obtrudes them again (they never leave Warren's runtime)
  private static final CompletionStage<Handled> ACKED = settled(Outcome.ack());
  private static final CompletionStage<Handled> DROPPED = settled(Outcome.drop());
  private static final CompletionStage<Handled> RETRIED = settled(Outcome.retry());

  private final ConsumerModel model;
  private final FailureMapping failures;
  private final Codec replyCodec;

  SingleInterpretation(ConsumerModel model, FailureMapping failures, Codec replyCodec) {
    this.model = model;
    this.failures = failures;
    this.replyCodec = replyCodec;
  }

  @Override
  public CompletionStage<Handled> returned(Object result, Delivery delivery) {
    switch (model.shape().returnKind()) {
      case VOID:
        return ACKED;
      case OUTCOME:
        return outcome(result, delivery);
      case REPLY:
        return reply(result, delivery);
      default:
        return Stages.whenDone(
            result, value -> stageValue(value, delivery), failure -> failed(failure, delivery));
    }
  }

  @Override
  public CompletionStage<Handled> failed(Throwable failure, Delivery delivery) {
    if (failure instanceof Error error) {
      return CompletableFuture.failedFuture(error);
    }
    if (failure instanceof RefusedDelivery) {
      // refused before the method ran, and logged there: every attempt would be refused again
      return CompletableFuture.completedFuture(new Handled(Outcome.drop(), failure));
    }
    if (delivery instanceof HandedBack taken && taken.handedBack()) {
      // the runtime took the delivery away first (and says so): this is no outcome of the handler
      LOG.log(
          Level.FINE,
          "consumer '" + model.name() + "' ended after its delivery was handed back",
          failure);
      return CompletableFuture.completedFuture(new Handled(Outcome.retry(), failure));
    }
    Outcome fallback = Settlement.unmappedFailure(model.capped());
    Outcome outcome = failures.map(failure, delivery, fallback);
    if (Delays.refusal(model, outcome) != null) {
      outcome = fallback; // a mapper's delay the strategy cannot hold: logged with the failure
    }
    ConsumingMessages.handlerFailed(
        LOG, failure, model.name(), model.where(), failure.toString(), outcome.toString());
    return CompletableFuture.completedFuture(new Handled(outcome, failure));
  }

  private CompletionStage<Handled> outcome(Object value, Delivery delivery) {
    if (value instanceof Outcome outcome) {
      String refused = Delays.refusal(model, outcome);
      if (refused != null) {
        return failed(new IllegalArgumentException(refused), delivery);
      }
      return outcome == Outcome.ack()
          ? ACKED
          : outcome == Outcome.drop()
              ? DROPPED
              : outcome == Outcome.retry() ? RETRIED : settled(outcome);
    }
    return failed(new IllegalStateException("the method returned no Outcome (null)"), delivery);
  }

  private static CompletionStage<Handled> settled(Outcome outcome) {
    return CompletableFuture.completedFuture(new Handled(outcome, null));
  }

  private CompletionStage<Handled> stageValue(Object value, Delivery delivery) {
    return model.shape().responder() ? reply(value, delivery) : outcome(value, delivery);
  }

  /** A responder's return value: encoded now, so that a codec failure is the handler's. */
  private CompletionStage<Handled> reply(Object value, Delivery delivery) {
    try {
      return CompletableFuture.completedFuture(
          new Handled(Outcome.ack(), null, Reply.of(value, replyCodec)));
    } catch (Exception e) {
      return failed(e, delivery);
    }
  }
}
