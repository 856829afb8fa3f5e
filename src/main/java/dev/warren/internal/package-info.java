/**
 * Warren's implementation. Not API: anything here may change without notice.
 *
 * <h2>Which thread runs what</h2>
 *
 * <p>The one rule: no thread that reads frames, completes stages, frees confirm-window places or
 * keeps time ever waits for application code or for the confirm window, and the timer never waits
 * for the network. The threads (on a server they come from its {@code ManagedThreadFactory}, see
 * {@code ee.ThreadSource}):
 *
 * <ul>
 *   <li><b>reader</b>: the client's I/O thread, one per connection ({@code warren-amqp-N} on a
 *       server). Reads frames through {@code connection.FrameGuard}; runs confirm, return and
 *       shutdown listeners, and, on connections only Warren's subscriptions use, the consumer
 *       callbacks ({@code connection.InlineDispatch}).
 *   <li><b>worker</b>: a consumer's own threads ({@code warren-<consumer>-N}, {@code concurrency}
 *       of them). The only Warren threads that run handlers.
 *   <li><b>completion</b>: {@code warren-confirms} (2 threads). Completes the application's publish
 *       and request stages, so the application's callbacks run here; a publish from here never
 *       waits ({@code publish.MustNotBlock}).
 *   <li><b>internal</b>: {@code warren-internal} (2 threads). Warren's own work: queued publishes,
 *       nack republishes, delayed and retry copies after a timer, the reject after a copy's pause,
 *       the retry after a handler-timeout. Never runs application code; the one broker answer it
 *       may wait for is {@code confirm.select} when a consumer's channel sends its first copy. (The
 *       consumer classes call it {@code completions}.)
 *   <li><b>broker calls</b>: {@code warren-broker}, a thread per call at most. Broker calls that
 *       may wait for an answer: reopening and resubscribing a consumer, cancels and closes at
 *       shutdown (bounded), the first exchange check or channel opening of a publish or request
 *       made on a completion thread, whose stage follows it, and the sampling of the ready messages
 *       of partitions and dead letter queues ({@code runtime.QueueDepths}).
 *   <li><b>caller</b>: {@code dev.warren.DeadLetters} runs each call on the application's thread
 *       that makes it, on a connection of its own ({@code deadletter.Pass}); only that connection's
 *       reader and consumer threads help, queueing deliveries and recording confirms.
 *   <li><b>outbox relay</b>: {@code warren-outbox} (1 thread, only with {@code @Outbox}). Takes
 *       committed outbox rows in a local JDBC transaction, publishes them on a channel of its own
 *       and waits for their confirms ({@code outbox.Relay}); the only Warren thread that waits on
 *       the database. The caller's thread writes the rows; the transaction synchronization after a
 *       commit only wakes the relay.
 *   <li><b>inbox sweep</b>: {@code warren-inbox-sweep} (1 thread, only with an {@code @Idempotent}
 *       consumer). Deletes the inbox rows older than the retention, in batches; runs no application
 *       code ({@code inbox.InboxSweeper}). The inbox's insert itself runs on the consumer's worker,
 *       in the handler's transaction.
 *   <li><b>timer</b>: {@code warren-timer} (1 thread). Request and confirm timeouts, batch waits,
 *       in-process delays, handler-timeouts, pauses; it only decides and hands work on.
 *   <li><b>client work</b>: {@code warren-amqp-work-N}, the consumer callbacks of channels the
 *       application can reach (its own consumers on the injected connection); heartbeats: {@code
 *       warren-amqp-heartbeat-timer} and senders, per-consumer connections only.
 * </ul>
 *
 * <h2>A delivery's life</h2>
 *
 * <ol>
 *   <li>reader: the content header passes {@code FrameGuard} (an unreadable header table becomes
 *       the {@code x-warren-unreadable} marker); the subscription's callback makes the {@code
 *       settlement.execution.IncomingDelivery} and queues it for a worker ({@code
 *       consume.SingleDispatcher}), or adds it to a batch ({@code consume.BatchCollector}; the
 *       timer closes a batch at its wait).
 *   <li>worker: decodes (any {@code Throwable} is a decode failure: drop), calls the method with
 *       the request context active, and for a returned stage waits until it completes; maps an
 *       exception through the {@code FailureMapper}s; {@code settlement.Settlement.decide} picks
 *       the action; {@code settlement.execution.SettlementExecutor} sends the frame on the
 *       delivery's own channel, or publishes a copy (confirmed on the delivery's channel), or hands
 *       the delivery to the timer (in-process delay).
 *   <li>reader: the copy's confirm (or return, nack, channel close) settles the original right
 *       there with one non-blocking frame; a confirm timeout does the same on the timer.
 *   <li>timer: an in-process delay ends; it checks the delivery's channel and hands the copy to
 *       internal; the pause after a failed copy ends and hands the requeue to internal; a
 *       handler-timeout interrupts the worker and hands the delivery's {@code retry()} to internal.
 *   <li>internal: a held delivery's copy, a dead-letter copy replacing a copy given up, a requeue
 *       after a pause, a handler-timeout's retry. Broker calls: reopening the channel after the
 *       broker closed it, resubscribing after a cancel.
 * </ol>
 *
 * <h2>A publish's life</h2>
 *
 * <ol>
 *   <li>caller (the application's thread, a worker, or a completion thread running a callback):
 *       encodes; checks the exchange once per name and opens the channel if needed (both wait for
 *       the broker: on a completion thread these two steps, and the rest after them, are handed to
 *       a broker-call thread); an application thread waits for admission while {@code
 *       max-in-flight} of its stages are incomplete; sends at once if the window has room, else
 *       queues.
 *   <li>internal: sends queued messages as places free; republishes a nacked message.
 *   <li>reader: ack, nack, return, channel close settle the message and free its place; the stage
 *       is handed to completion. Timer: the confirm timeout, the same way.
 *   <li>completion: the stage completes and the application's callbacks run; a request's reply is
 *       decoded here first. Then the admission place is given back.
 * </ol>
 *
 * <p>Each class comment says the same for its own steps: {@code publish.ConfirmTracker}, {@code
 * reply.DirectReplyRequester}, {@code settlement.execution.SettlementExecutor}, {@code
 * connection.InlineDispatch}, {@code invocation.ContextualCall}; and each package-info for its
 * package's steps: {@code connection}, {@code consume}, {@code settlement.execution}.
 */
package dev.warren.internal;
