package dev.warren.internal.runtime;

import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.Processing;
import dev.warren.internal.telemetry.Scope;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import java.util.logging.Logger;

/**
 * One delivery per call: each goes to a worker, which calls the method and hands the result to
 * {@code then} (settlement, or a responder's reply first).
 */
final class SingleDispatcher implements Dispatcher {

  private static final Logger LOG = Logger.getLogger(SingleDispatcher.class.getName());

  private final HandlerInvoker invoker;
  private final ExecutorService workers;
  private final InFlight inFlight;
  private final HandlerTimeouts timeouts;
  private final Control control;
  private final BiConsumer<IncomingDelivery, Handled> then;
  private final ConsumerTelemetry telemetry;
  private final SettlementGuard guard;

  SingleDispatcher(
      HandlerInvoker invoker,
      ExecutorService workers,
      InFlight inFlight,
      HandlerTimeouts timeouts,
      Control control,
      BiConsumer<IncomingDelivery, Handled> then,
      ConsumerTelemetry telemetry,
      SettlementGuard guard) {
    this.telemetry = telemetry;
    this.guard = guard;
    this.invoker = invoker;
    this.workers = workers;
    this.inFlight = inFlight;
    this.timeouts = timeouts;
    this.control = control;
    this.then = then;
  }

  @Override
  public void dispatch(IncomingDelivery delivery) {
    inFlight.received(1);
    if (!timeouts.holdBack(delivery, () -> queue(delivery))) {
      queue(delivery);
    }
  }

  private void queue(IncomingDelivery delivery) {
    try {
      workers.execute(() -> handle(delivery));
    } catch (RejectedExecutionException e) {
      inFlight.notStarted(1); // stopping: the channel closes and the broker redelivers it
    }
  }

  private void handle(IncomingDelivery delivery) {
    if (control.stopped() || !delivery.channelOpen()) {
      // its channel is gone: the broker redelivers it, so handling it now would only duplicate
      inFlight.notStarted(1);
      LOG.fine(() -> "not handling " + delivery + ": its channel has closed");
      return;
    }
    if (!inFlight.start(List.of(delivery))) {
      return; // shutting down: never started, it goes back to the queue as the channel closes
    }
    Processing processing = telemetry.processing(delivery);
    delivery.telemetry(processing);
    CompletionStage<Handled> result;
    HandlerTimeouts.Call call = timeouts.start(List.of(delivery));
    try (Scope scope = processing.enter()) {
      result = invoker.invoke(delivery);
    } catch (RuntimeException | Error unexpected) {
      call.left();
      if (!timeouts.finish(call, () -> "throwing " + unexpected)) {
        return; // taken from it already: the message is settled or handed back
      }
      // not the handler's failure (those are mapped): settle nothing, hand everything back
      Dispatcher.abandon(processing, unexpected);
      control.fatal(unexpected);
      return;
    }
    call.left();
    result.whenComplete(
        (handled, fatal) -> {
          if (!timeouts.finish(call, () -> describe(handled, fatal))) {
            // taken from the handler while it ran (and logged then): what it came to is ignored
            LOG.fine(() -> "ignoring the late result of " + delivery + ": it was taken from it");
            return;
          }
          guard.run(
              SettlementGuard.AFTER_HANDLER,
              delivery,
              () -> {
                if (fatal != null) {
                  control.fatal(fatal); // first: the channel closes, the broker redelivers it
                  Dispatcher.abandon(processing, fatal);
                } else {
                  then.accept(delivery, handled);
                }
              });
        });
  }

  /** What a call came to, for the message when its result comes too late. */
  private static String describe(Handled handled, Throwable fatal) {
    Throwable failure = fatal != null ? fatal : handled.failure();
    return failure != null ? "throwing " + failure : "returning " + handled.outcome();
  }
}
