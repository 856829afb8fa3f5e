package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.interceptor.Invocation;
import dev.warren.internal.invocation.BatchOutcomes.Aligned;
import dev.warren.internal.logging.BatchMessages;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.Settlement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a batch consumer's call came to, one {@link Handled} per delivery it was called with, in
 * their order (SPEC section 7): {@code void} acks them all, one {@code Outcome} is every
 * delivery's, a list is lined up with the deliveries ({@link BatchOutcomes}), a stage settles them
 * when it completes, and an exception maps through the {@link FailureMapping} for each delivery. An
 * {@link Error} is not mapped: the stage fails with it, and the runtime stops the consumer without
 * settling the batch. One per consumer, used by Warren's interceptor for each call.
 */
final class BatchInterpretation
    implements Invocation.Interpretation<List<Delivery>, CompletionStage<List<Handled>>> {

  private static final Logger LOG = Logger.getLogger(BatchInterpretation.class.getName());

  private final ConsumerModel model;
  private final FailureMapping failures;

  BatchInterpretation(ConsumerModel model, FailureMapping failures) {
    this.model = model;
    this.failures = failures;
  }

  @Override
  public CompletionStage<List<Handled>> returned(Object result, List<Delivery> passed) {
    switch (model.shape().returnKind()) {
      case VOID:
        return CompletableFuture.completedFuture(
            Collections.nCopies(passed.size(), new Handled(Outcome.ack(), null)));
      case OUTCOME:
      case OUTCOMES:
        return outcomes(result, passed);
      default:
        return Stages.whenDone(
            result, value -> outcomes(value, passed), failure -> failed(failure, passed));
    }
  }

  /** The handler failed: each delivery gets the outcome its failure maps to. */
  @Override
  public CompletionStage<List<Handled>> failed(Throwable failure, List<Delivery> passed) {
    if (failure instanceof Error error) {
      return CompletableFuture.failedFuture(error);
    }
    if (!passed.isEmpty() && passed.get(0) instanceof HandedBack taken && taken.handedBack()) {
      // the runtime took the batch away first (and says so): this is no outcome of the handler
      LOG.log(
          Level.FINE,
          "consumer '" + model.name() + "' ended after its batch was handed back",
          failure);
      List<Handled> ignored = new ArrayList<>(passed.size());
      passed.forEach(delivery -> ignored.add(new Handled(Outcome.retry(), failure)));
      return CompletableFuture.completedFuture(ignored);
    }
    Outcome fallback = Settlement.unmappedFailure(model.capped());
    List<Handled> result = new ArrayList<>(passed.size());
    for (Delivery delivery : passed) {
      Outcome outcome = failures.map(failure, delivery, fallback);
      result.add(new Handled(Delays.refusal(model, outcome) == null ? outcome : fallback, failure));
    }
    ConsumingMessages.handlerFailed(
        LOG,
        failure,
        model.name(),
        model.where(),
        failure.toString(),
        describe(result, passed.size()));
    return CompletableFuture.completedFuture(result);
  }

  /** An {@link Outcome} for every delivery, or a list of them lined up with the deliveries. */
  private CompletionStage<List<Handled>> outcomes(Object value, List<Delivery> passed) {
    Aligned aligned;
    if (value instanceof Outcome outcome) {
      aligned = BatchOutcomes.each(outcome, passed.size());
    } else if (value instanceof List<?> outcomes) {
      aligned = BatchOutcomes.align(outcomes, passed.size());
      if (aligned.mismatch()) {
        BatchMessages.batchLengthMismatch(
            LOG, model.name(), model.where(), outcomes.size(), passed.size());
      }
    } else {
      return failed(new IllegalStateException("the method returned no Outcome (null)"), passed);
    }
    List<Handled> result = new ArrayList<>(passed.size());
    for (int i = 0; i < passed.size(); i++) {
      Outcome outcome = aligned.outcomes().get(i);
      String refused = outcome == null ? null : Delays.refusal(model, outcome);
      if (refused != null) {
        result.add(mapped(new IllegalArgumentException(refused), passed.get(i)));
        continue;
      }
      result.add(
          outcome != null
              ? new Handled(outcome, null)
              : mapped(
                  new IllegalStateException("the method returned no Outcome (null) at index " + i),
                  passed.get(i)));
    }
    return CompletableFuture.completedFuture(result);
  }

  private Handled mapped(Throwable failure, Delivery delivery) {
    Outcome fallback = Settlement.unmappedFailure(model.capped());
    Outcome outcome = failures.map(failure, delivery, fallback);
    if (Delays.refusal(model, outcome) != null) {
      outcome = fallback;
    }
    ConsumingMessages.handlerFailed(
        LOG,
        model.name(),
        model.where(),
        failure.toString(),
        outcome + " for delivery " + delivery.deliveryTag());
    return new Handled(outcome, failure);
  }

  private static String describe(List<Handled> result, int deliveries) {
    long kinds = result.stream().map(Handled::outcome).distinct().count();
    return kinds == 1
        ? result.get(0).outcome() + " for each of the " + deliveries + " deliveries of the batch"
        : result.stream().map(h -> h.outcome().toString()).toList()
            + " for the deliveries of the batch, in order";
  }
}
