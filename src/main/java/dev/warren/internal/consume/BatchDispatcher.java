package dev.warren.internal.consume;

import dev.warren.internal.invocation.BatchInvoker;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.execution.DeliverySource;
import dev.warren.internal.settlement.execution.InFlight;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementExecutor;
import dev.warren.internal.settlement.execution.SettlementGuard;
import dev.warren.internal.settlement.execution.SettlementListener;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Collects deliveries into batches; a worker calls the method once per batch, then settles each
 * delivery through the same path as a single delivery, in the batch's order: one frame per
 * delivery, caps per delivery.
 *
 * <p>Threads: deliveries arrive on the connection's reader thread and batches close there or on
 * Warren's timer (batch wait); either only queues the batch for a worker. The worker decodes every
 * element (one that fails to decode, whatever it throws, is dropped there and never reaches the
 * method), calls the method, waits for a returned stage, and settles.
 */
final class BatchDispatcher implements Dispatcher {

  private static final Logger LOG = Logger.getLogger(BatchDispatcher.class.getName());

  private final BatchInvoker invoker;
  private final ExecutorService workers;
  private final SettlementExecutor settlement;
  private final InFlight inFlight;
  private final HandlerTimeouts timeouts;
  private final Control control;
  private final BatchCollector<IncomingDelivery> batches;
  private final Consumer<IncomingDelivery> collect; // batches::add, made once

  private final ConsumerTelemetry telemetry;
  private final SettlementListener listener;
  private final SettlementGuard guard;

  BatchDispatcher(
      ConsumerModel model,
      BatchInvoker invoker,
      ExecutorService workers,
      SettlementExecutor settlement,
      InFlight inFlight,
      HandlerTimeouts timeouts,
      Control control,
      ScheduledExecutorService timer,
      ConsumerTelemetry telemetry,
      SettlementListener listener,
      SettlementGuard guard) {
    this.listener = listener;
    this.guard = guard;
    this.inFlight = inFlight;
    this.timeouts = timeouts;
    this.telemetry = telemetry;
    this.invoker = invoker;
    this.workers = workers;
    this.settlement = settlement;
    this.control = control;
    this.batches = new BatchCollector<>(model.batchSize(), model.batchWait(), timer, this::queue);
    this.collect = batches::add;
  }

  @Override
  public void dispatch(IncomingDelivery delivery) {
    inFlight.received(1);
    if (!timeouts.holdBack(delivery, collect)) {
      batches.add(delivery);
    }
  }

  @Override
  public DeliverySource source(String consumerName, String queue) {
    return new DeliverySource(consumerName, queue, null, listener); // workers get whole batches
  }

  /** A batch is complete: queue it for the workers (called by the collector, must not block). */
  private void queue(List<IncomingDelivery> batch) {
    try {
      workers.execute(() -> handle(batch));
    } catch (RejectedExecutionException e) {
      // stopping: the channel closes and the broker redelivers them
      inFlight.notStarted(batch.size());
    }
  }

  private void handle(List<IncomingDelivery> batch) {
    List<IncomingDelivery> live = new ArrayList<>(batch.size());
    for (IncomingDelivery delivery : batch) {
      if (control.stopped() || !delivery.channelOpen()) {
        // its channel is gone: the broker redelivers it, so handling it now would only duplicate
        inFlight.notStarted(1);
        LOG.fine(() -> "not handling " + delivery + ": its channel has closed");
      } else {
        live.add(delivery);
      }
    }
    if (live.isEmpty() || !inFlight.start(live)) {
      return; // none left, or shutting down: not started, they go back as the channel closes
    }
    ConsumerTelemetry.Batch traced = telemetry.batch(live);
    for (int i = 0; i < live.size(); i++) {
      live.get(i).telemetry(traced.member(i));
    }
    CompletionStage<List<Handled>> result;
    HandlerTimeouts.Call call = timeouts.start(live);
    try (Scope scope = traced.enter()) {
      result = invoker.invoke(live);
    } catch (RuntimeException | Error unexpected) {
      call.left();
      if (!timeouts.finish(call, live, unexpected, null)) {
        return; // taken from it already: the messages are settled or handed back
      }
      live.forEach(delivery -> Dispatcher.abandon(listener, delivery, unexpected));
      control.fatal(unexpected);
      return;
    }
    call.left();
    result.whenComplete(
        (handled, fatal) -> {
          if (!timeouts.finish(call, live, fatal, handled)) {
            LOG.fine(
                () -> "ignoring the late result of a batch of " + live.size() + ": handed back");
            return;
          }
          if (fatal != null) {
            guard.run(
                SettlementGuard.AFTER_BATCH,
                live,
                () -> {
                  control.fatal(fatal); // first: the channel closes, the broker redelivers them
                  live.forEach(delivery -> Dispatcher.abandon(listener, delivery, fatal));
                });
            return;
          }
          // each delivery on its own: one that fails leaves the others' settlement untouched
          for (int i = 0; i < live.size(); i++) {
            IncomingDelivery delivery = live.get(i);
            int index = i;
            guard.run(
                SettlementGuard.AFTER_BATCH,
                delivery,
                () -> settlement.settle(delivery, handled.get(index)));
          }
        });
  }
}
