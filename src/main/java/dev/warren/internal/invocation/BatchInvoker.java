package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.extension.HandlerShape;
import dev.warren.internal.invocation.BatchOutcomes.Aligned;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.settlement.Settlement;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Calls a batch consumer's method once for a batch of deliveries and interprets the result as one
 * {@link Handled} per delivery, in the batch's order: decodes every body (an undecodable one is
 * dropped and never reaches the method), activates the request context around the call, lines up
 * the returned outcome or outcomes with the deliveries, and maps exceptions through the {@link
 * FailureMapping} for each delivery. Does no broker I/O.
 *
 * <p>A {@link java.lang.Error} is not mapped: the returned stage fails with it, and the caller
 * stops the consumer without settling the batch.
 */
public final class BatchInvoker {

  private static final Logger LOG = Logger.getLogger(BatchInvoker.class.getName());

  private final ConsumerModel model;
  private final ContextualCall call;
  private final PayloadDecoder decoder;
  private final FailureMapping failures;

  /**
   * @param model the consumer, a batch consumer
   * @param instance the contextual reference the method is called on
   * @param decoder decodes one element
   * @param failures the application's failure mappers
   * @param requestContexts source of request context controllers, {@code null} when no call needs
   *     the request context
   */
  public BatchInvoker(
      ConsumerModel model,
      Object instance,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts) {
    this.model = model;
    this.call = new ContextualCall(instance, model.shape(), requestContexts);
    this.decoder = decoder;
    this.failures = failures;
  }

  /**
   * Handles {@code batch}.
   *
   * @return one result per delivery of {@code batch}, in its order; fails only with a {@link
   *     java.lang.Error} thrown by the handler
   */
  public CompletionStage<List<Handled>> invoke(List<? extends Delivery> batch) {
    Handled[] handled = new Handled[batch.size()];
    List<Object> payloads = new ArrayList<>(batch.size());
    List<Delivery> passed = new ArrayList<>(batch.size());
    List<Integer> positions = new ArrayList<>(batch.size());
    for (int i = 0; i < batch.size(); i++) {
      Delivery delivery = batch.get(i);
      try {
        payloads.add(decoder.decode(delivery));
        passed.add(delivery);
        positions.add(i);
      } catch (Exception e) {
        LOG.warning(
            Messages.decodeFailed(
                model.name(), model.queue(), delivery.deliveryTag(), e.toString()));
        handled[i] = new Handled(Outcome.drop(), null);
      }
    }
    if (passed.isEmpty()) {
      return CompletableFuture.completedFuture(List.of(handled));
    }
    return call(Collections.unmodifiableList(payloads), Collections.unmodifiableList(passed))
        .thenApply(
            results -> {
              for (int j = 0; j < results.size(); j++) {
                handled[positions.get(j)] = results.get(j);
              }
              return Arrays.asList(handled);
            });
  }

  /** Calls the method with the decoded payloads; one result per passed delivery. */
  private CompletionStage<List<Handled>> call(List<Object> payloads, List<Delivery> passed) {
    HandlerShape shape = model.shape();
    Object result;
    try {
      result = call.call(payloads, passed);
    } catch (InvocationTargetException e) {
      return failed(e.getCause(), passed);
    } catch (IllegalAccessException | RuntimeException e) {
      return failed(e, passed);
    }
    switch (shape.returnKind()) {
      case VOID:
        return CompletableFuture.completedFuture(
            Collections.nCopies(passed.size(), new Handled(Outcome.ack(), null)));
      case OUTCOME:
      case OUTCOMES:
        return returned(result, passed);
      default:
        if (result == null) {
          return failed(new IllegalStateException("the method returned a null stage"), passed);
        }
        return ((CompletionStage<?>) result)
            .handle(
                (value, error) ->
                    error == null ? returned(value, passed) : failed(unwrap(error), passed))
            .thenCompose(stage -> stage);
    }
  }

  /** An {@link Outcome} for every delivery, or a list of them lined up with the deliveries. */
  private CompletionStage<List<Handled>> returned(Object value, List<Delivery> passed) {
    Aligned aligned;
    if (value instanceof Outcome outcome) {
      aligned = BatchOutcomes.each(outcome, passed.size());
    } else if (value instanceof List<?> outcomes) {
      aligned = BatchOutcomes.align(outcomes, passed.size());
      if (aligned.mismatch()) {
        LOG.severe(
            Messages.batchLengthMismatch(
                model.name(), model.where(), outcomes.size(), passed.size()));
      }
    } else {
      return failed(new IllegalStateException("the method returned no Outcome (null)"), passed);
    }
    List<Handled> result = new ArrayList<>(passed.size());
    for (int i = 0; i < passed.size(); i++) {
      Outcome outcome = aligned.outcomes().get(i);
      result.add(
          outcome != null
              ? new Handled(outcome, null)
              : mapped(
                  new IllegalStateException("the method returned no Outcome (null) at index " + i),
                  passed.get(i)));
    }
    return CompletableFuture.completedFuture(result);
  }

  /** The handler failed: each delivery gets the outcome its failure maps to. */
  private CompletionStage<List<Handled>> failed(Throwable failure, List<Delivery> passed) {
    if (failure instanceof Error error) {
      return CompletableFuture.failedFuture(error);
    }
    Outcome fallback = Settlement.unmappedFailure(model.capped());
    List<Handled> result = new ArrayList<>(passed.size());
    for (Delivery delivery : passed) {
      result.add(new Handled(failures.map(failure, delivery, fallback), failure));
    }
    LOG.log(
        Level.WARNING,
        Messages.handlerFailed(
            model.name(), model.where(), failure.toString(), describe(result, passed.size())),
        failure);
    return CompletableFuture.completedFuture(result);
  }

  private Handled mapped(Throwable failure, Delivery delivery) {
    Outcome outcome = failures.map(failure, delivery, Settlement.unmappedFailure(model.capped()));
    LOG.warning(
        Messages.handlerFailed(
            model.name(),
            model.where(),
            failure.toString(),
            outcome + " for delivery " + delivery.deliveryTag()));
    return new Handled(outcome, failure);
  }

  private static String describe(List<Handled> result, int deliveries) {
    long kinds = result.stream().map(Handled::outcome).distinct().count();
    return kinds == 1
        ? result.get(0).outcome() + " for each of the " + deliveries + " deliveries of the batch"
        : result.stream().map(h -> h.outcome().toString()).toList()
            + " for the deliveries of the batch, in order";
  }

  private static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
