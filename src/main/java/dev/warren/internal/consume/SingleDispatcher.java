package dev.warren.internal.consume;

import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.settlement.execution.DeliverySource;
import dev.warren.internal.settlement.execution.InFlight;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementGuard;
import dev.warren.internal.settlement.execution.SettlementListener;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.Processing;
import dev.warren.internal.telemetry.Scope;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * One delivery per call: each goes to a worker, which calls the method and hands the result to
 * {@code then} (settlement, or a responder's reply first). A delivery is its worker's task itself:
 * it runs {@link #handle} through the {@link DeliverySource} it was made with.
 *
 * <p>Threads: {@link #dispatch} runs on the connection's reader thread (a client dispatch thread on
 * a shared connection) and only queues; {@link #handle} runs on one of the consumer's {@code
 * concurrency} workers: decoding, the method, and, for a method returning a stage, the wait for
 * that stage ({@code ContextualCall}), so {@code completed} and the settlement it starts run on the
 * worker as well. Only when the wait was cut short (the handler-timeout's timer interrupted the
 * worker, or the consumer is stopping) does {@code completed} run later on the thread that
 * completes the stage, where the result is ignored as taken.
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
  private final SettlementListener listener;
  private final SettlementGuard guard;
  // made once: a method reference made per delivery would be an allocation per message
  private final Consumer<IncomingDelivery> queue = this::queue;

  SingleDispatcher(
      HandlerInvoker invoker,
      ExecutorService workers,
      InFlight inFlight,
      HandlerTimeouts timeouts,
      Control control,
      BiConsumer<IncomingDelivery, Handled> then,
      ConsumerTelemetry telemetry,
      SettlementListener listener,
      SettlementGuard guard) {
    this.telemetry = telemetry;
    this.listener = listener;
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
    if (!timeouts.holdBack(delivery, queue)) {
      queue(delivery);
    }
  }

  @Override
  public DeliverySource source(String consumerName, String queue) {
    return new DeliverySource(consumerName, queue, this::handle, listener);
  }

  private void queue(IncomingDelivery delivery) {
    try {
      workers.execute(delivery); // the delivery is the task: it comes back to handle, below
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
    if (!inFlight.start(delivery)) {
      return; // shutting down: never started, it goes back to the queue as the channel closes
    }
    Processing processing = telemetry.processing(delivery);
    delivery.telemetry(processing);
    CompletionStage<Handled> result;
    HandlerTimeouts.Call call = timeouts.start(delivery);
    try (Scope scope = processing.enter()) {
      result = invoker.invoke(delivery);
    } catch (RuntimeException | Error unexpected) {
      call.left();
      if (!timeouts.finish(call, delivery, unexpected, null)) {
        return; // taken from it already: the message is settled or handed back
      }
      // not the handler's failure (those are mapped): settle nothing, hand everything back
      Dispatcher.abandon(listener, delivery, unexpected);
      control.fatal(unexpected);
      return;
    }
    call.left();
    Handled now = Handled.now(result);
    if (now != null) {
      completed(delivery, call, now, null); // most calls: no stage to wait on
    } else {
      result.whenComplete((handled, fatal) -> completed(delivery, call, handled, fatal));
    }
  }

  /** The call's result is in: {@code handled}, or {@code fatal} (an {@link Error}). */
  private void completed(
      IncomingDelivery delivery, HandlerTimeouts.Call call, Handled handled, Throwable fatal) {
    if (!timeouts.finish(call, delivery, fatal, handled)) {
      // taken from the handler while it ran (and logged then): what it came to is ignored
      LOG.fine(() -> "ignoring the late result of " + delivery + ": it was taken from it");
      return;
    }
    try {
      if (fatal != null) {
        control.fatal(fatal); // first: the channel closes, the broker redelivers it
        Dispatcher.abandon(listener, delivery, fatal);
      } else {
        then.accept(delivery, handled);
      }
    } catch (RuntimeException | Error failure) {
      guard.failed(SettlementGuard.AFTER_HANDLER, delivery, failure);
    }
  }
}
