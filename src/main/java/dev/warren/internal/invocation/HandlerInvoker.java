package dev.warren.internal.invocation;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.logging.Logger;

/**
 * Calls one consumer method for one delivery, on the consumer's worker thread: decodes the payload
 * and the {@link dev.warren.Header} parameters (an undecodable body, or a required header that is
 * missing, is dropped before the method runs, whatever the decoder throws, an {@link Error}
 * included), activates the request context around the call, and calls the method through the bean's
 * interceptors, where Warren's interceptor interprets the result at its place in the chain ({@link
 * SingleInterpretation}). Does no broker I/O.
 *
 * <p>A {@link java.lang.Error} thrown by the method (not by decoding) is not mapped: the returned
 * stage fails with it, and the caller stops the consumer without settling the delivery.
 */
public final class HandlerInvoker {

  private static final Logger LOG = Logger.getLogger(HandlerInvoker.class.getName());

  private final ConsumerModel model;
  private final ContextualCall call;
  private final PayloadDecoder decoder;
  private final SingleInterpretation interpretation;

  /**
   * @param model the consumer
   * @param target what the method is called on
   * @param decoder the consumer's payload decoder
   * @param failures the application's failure mappers
   * @param requestContexts source of request context controllers, {@code null} when no call needs
   *     the request context
   */
  public HandlerInvoker(
      ConsumerModel model,
      BeanTarget target,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts) {
    this(model, target, decoder, failures, requestContexts, null);
  }

  /**
   * @param replyCodec encodes a responder's replies that are neither {@code String} nor {@code
   *     byte[]}; {@code null} when none is available
   */
  public HandlerInvoker(
      ConsumerModel model,
      BeanTarget target,
      PayloadDecoder decoder,
      FailureMapping failures,
      Instance<RequestContextController> requestContexts,
      Codec replyCodec) {
    this.model = model;
    this.call = new ContextualCall(target, model, requestContexts);
    this.decoder = decoder;
    this.interpretation = new SingleInterpretation(model, failures, replyCodec);
  }

  /**
   * Handles {@code delivery}.
   *
   * @return the outcome and the exception behind it, if any; fails only with a {@link
   *     java.lang.Error} thrown by the handler
   * @throws IllegalStateException if the method ran without Warren's interceptor
   */
  public CompletionStage<Handled> invoke(Delivery delivery) {
    Object payload;
    Object[] headers;
    try {
      payload = decoder.decode(delivery);
      headers = HeaderArguments.of(model.shape().headers(), delivery);
    } catch (Throwable e) {
      // whatever the decoder throws is the message's fault, not the consumer's: JSON-B throws
      // StackOverflowError on a deeply nested body, and an Error here must not stop the consumer
      // (the message would come back first in the queue and stop it again after every restart)
      ConsumingMessages.decodeFailed(
          LOG, model.name(), model.queue(), delivery.deliveryTag(), e.toString());
      return CompletableFuture.completedFuture(new Handled(Outcome.drop(), null));
    }
    return call.call(payload, headers, delivery, interpretation);
  }
}
