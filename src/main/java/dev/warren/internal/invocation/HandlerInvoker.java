package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.settlement.Settlement;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Calls one consumer method for one delivery and interprets the result as an {@link Outcome}:
 * decodes the payload (an undecodable body is dropped before the method runs), activates the
 * request context around the call, and maps exceptions through the {@link FailureMapping}. Does no
 * broker I/O.
 *
 * <p>A {@link java.lang.Error} is not mapped: the returned stage fails with it, and the caller
 * stops the consumer without settling the delivery.
 */
public final class HandlerInvoker {

  private static final Logger LOG = Logger.getLogger(HandlerInvoker.class.getName());

  private final ConsumerModel model;
  private final ContextualCall call;
  private final PayloadDecoder decoder;
  private final FailureMapping failures;
  private final Codec replyCodec;

  /**
   * @param model the consumer
   * @param instance the contextual reference the method is called on
   * @param decoder the consumer's payload decoder
   * @param failures the application's failure mappers
   * @param requestContexts source of request context controllers, {@code null} when no call needs
   *     the request context
   */
  public HandlerInvoker(
      ConsumerModel model,
      Object instance,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts) {
    this(model, instance, decoder, failures, requestContexts, null);
  }

  /**
   * @param replyCodec encodes a responder's replies that are neither {@code String} nor {@code
   *     byte[]}; {@code null} when none is available
   */
  public HandlerInvoker(
      ConsumerModel model,
      Object instance,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts,
      Codec replyCodec) {
    this.model = model;
    this.call = new ContextualCall(instance, model.shape(), requestContexts);
    this.decoder = decoder;
    this.failures = failures;
    this.replyCodec = replyCodec;
  }

  /**
   * Handles {@code delivery}.
   *
   * @return the outcome and the exception behind it, if any; fails only with a {@link
   *     java.lang.Error} thrown by the handler
   */
  public CompletionStage<Handled> invoke(Delivery delivery) {
    Object payload;
    try {
      payload = decoder.decode(delivery);
    } catch (Exception e) {
      LOG.warning(
          Messages.decodeFailed(model.name(), model.queue(), delivery.deliveryTag(), e.toString()));
      return CompletableFuture.completedFuture(new Handled(Outcome.drop(), null));
    }
    Object result;
    try {
      result = call.call(payload, delivery);
    } catch (InvocationTargetException e) {
      return failed(e.getCause(), delivery);
    } catch (IllegalAccessException | RuntimeException e) {
      return failed(e, delivery);
    }
    return interpret(result, delivery);
  }

  private CompletionStage<Handled> interpret(Object result, Delivery delivery) {
    switch (model.shape().returnKind()) {
      case VOID:
        return CompletableFuture.completedFuture(new Handled(Outcome.ack(), null));
      case OUTCOME:
        return outcome(result, delivery);
      case REPLY:
        return reply(result, delivery);
      default:
        if (result == null) {
          return failed(new IllegalStateException("the method returned a null stage"), delivery);
        }
        return ((CompletionStage<?>) result)
            .handle(
                (value, error) ->
                    error == null ? stageValue(value, delivery) : failed(unwrap(error), delivery))
            .thenCompose(stage -> stage);
    }
  }

  private CompletionStage<Handled> outcome(Object value, Delivery delivery) {
    if (value instanceof Outcome outcome) {
      return CompletableFuture.completedFuture(new Handled(outcome, null));
    }
    return failed(new IllegalStateException("the method returned no Outcome (null)"), delivery);
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

  private CompletionStage<Handled> failed(Throwable failure, Delivery delivery) {
    if (failure instanceof Error error) {
      return CompletableFuture.failedFuture(error);
    }
    Outcome fallback = Settlement.unmappedFailure(model.capped());
    Outcome outcome = failures.map(failure, delivery, fallback);
    LOG.log(
        Level.WARNING,
        Messages.handlerFailed(model.name(), model.where(), failure.toString(), outcome.toString()),
        failure);
    return CompletableFuture.completedFuture(new Handled(outcome, failure));
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
