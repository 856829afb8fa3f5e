package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.ConsumerModel;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.logging.Logger;

/**
 * Calls a batch consumer's method once for a batch of deliveries: decodes every body (an
 * undecodable one is dropped and never reaches the method, whatever the decoder throws, an {@link
 * Error} included), activates the request context around the call, and calls the method through the
 * bean's interceptors, where Warren's interceptor interprets the result at its place in the chain
 * as one {@link Handled} per delivery ({@link BatchInterpretation}); returns them in the batch's
 * order. Does no broker I/O.
 *
 * <p>A {@link java.lang.Error} thrown by the method (not by decoding) is not mapped: the returned
 * stage fails with it, and the caller stops the consumer without settling the batch. Runs on the
 * consumer's worker thread.
 */
public final class BatchInvoker {

  private static final Logger LOG = Logger.getLogger(BatchInvoker.class.getName());

  /** A batch consumer takes no {@code @Header} parameters (deployment refuses them). */
  private static final Object[] NO_HEADERS = {};

  private final ConsumerModel model;

  private final ContextualCall call;
  private final PayloadDecoder decoder;
  private final BatchInterpretation interpretation;

  /**
   * @param model the consumer, a batch consumer
   * @param target what the method is called on
   * @param decoder decodes one element
   * @param failures the application's failure mappers
   * @param requestContexts source of request context controllers, {@code null} when no call needs
   *     the request context
   */
  public BatchInvoker(
      ConsumerModel model,
      BeanTarget target,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts) {
    this.model = model;
    this.call = new ContextualCall(target, model, requestContexts);
    this.decoder = decoder;
    this.interpretation = new BatchInterpretation(model, failures);
  }

  /**
   * Handles {@code batch}.
   *
   * @return one result per delivery of {@code batch}, in its order; fails only with a {@link
   *     java.lang.Error} thrown by the handler
   * @throws IllegalStateException if the method ran without Warren's interceptor
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
      } catch (Throwable e) {
        // as HandlerInvoker: whatever decoding throws drops this element, never the batch
        ConsumingMessages.decodeFailed(
            LOG, model.name(), model.queue(), delivery.deliveryTag(), e.toString());
        handled[i] = new Handled(Outcome.drop(), null);
      }
    }
    if (passed.isEmpty()) {
      return CompletableFuture.completedFuture(List.of(handled));
    }
    return call.call(
            Collections.unmodifiableList(payloads),
            NO_HEADERS,
            Collections.unmodifiableList(passed),
            interpretation)
        .thenApply(
            results -> {
              for (int j = 0; j < results.size(); j++) {
                handled[positions.get(j)] = results.get(j);
              }
              return Arrays.asList(handled);
            });
  }
}
