/**
 * Consuming and dispatch: one {@code ConsumerRunner} per consumer (its lifecycle, subscription and
 * state), {@code Reopening} (the subscription back after the broker closed the channel or cancelled
 * it), one dispatcher per consumer shape ({@code SingleDispatcher}, {@code BatchDispatcher} with
 * its {@code BatchCollector}, a responder's {@code ResponderReplies} and {@code ReplySender}), and
 * {@code HandlerTimeouts}. Hands each result to {@code settlement.execution}. Not API.
 *
 * <p>Threads (the map of all is in {@link dev.warren.internal}):
 *
 * <ul>
 *   <li><b>reader</b> (the client's consumer dispatch thread: the I/O thread on connections only
 *       Warren uses): {@code ConsumerRunner}'s subscription makes the {@code IncomingDelivery} and
 *       calls {@code dispatch}, which only queues it for a worker or adds it to a batch; {@code
 *       Reopening.closed} and {@code cancelledByBroker} only schedule; a responder's reply confirm
 *       settles the request here.
 *   <li><b>worker</b> (the consumer's {@code warren-<consumer>-N}, or the server's managed
 *       threads): decodes, calls the method, waits for a returned stage, and hands the result to
 *       settlement ({@code SingleDispatcher.handle}, {@code BatchDispatcher.handle}); publishes a
 *       responder's reply.
 *   <li><b>timer</b> ({@code warren-timer}): closes a batch at its wait; a handler-timeout takes
 *       the deliveries, interrupts the worker and hands the retry to internal; schedules reopening.
 *   <li><b>internal</b> ({@code warren-internal}): a handler-timeout's retry, a failed reply's
 *       retry.
 *   <li><b>broker calls</b> ({@code warren-broker}): reopening, resubscribing, and at shutdown the
 *       cancel and close of each consumer.
 * </ul>
 */
package dev.warren.internal.consume;
