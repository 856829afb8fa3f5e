/**
 * Settlement carried out: what a delivery's {@code settlement.Settlement.decide} says, done on the
 * delivery's own channel. {@code IncomingDelivery} sends the one frame (a compare-and-set makes it
 * at most once); {@code SettlementExecutor} decides, then acks or rejects, publishes a confirmed
 * copy first, or holds the delivery for an in-process delay; {@code InFlight} counts where each
 * unsettled delivery is (shutdown waits on it); {@code SettlementGuard} settles what a failed step
 * left unsettled; {@code SettlementListener} is all telemetry sees. Not API.
 *
 * <h2>The line, per consumer shape</h2>
 *
 * <ul>
 *   <li><b>single</b>: worker: {@code SettlementExecutor.settle} → {@code Settlement.decide} → ack
 *       or reject ({@code IncomingDelivery.settle}, {@code InFlight.done}); or the copy is
 *       published on the delivery's channel and, on the <b>reader</b> that brings its confirm
 *       ({@code copied}), the original is acked (a failed copy: requeued after a pause that ends on
 *       the <b>timer</b> and is sent from <b>internal</b>); or the delivery is held, the
 *       <b>timer</b> ends the delay and <b>internal</b> publishes the copy, whose confirm settles
 *       as above.
 *   <li><b>batch</b>: worker: once the method returned for the batch, each delivery goes through
 *       {@code settle} in the batch's order, one guarded step each, exactly as a single one.
 *   <li><b>responder</b>: worker: the reply is published first (by {@code
 *       consume.ResponderReplies}); on the <b>reader</b> that brings the reply's confirm, {@code
 *       settle} acks the request; a reply that failed becomes a retry through {@code settleLater}
 *       on <b>internal</b>.
 *   <li>a handler-timeout: the <b>timer</b> takes the deliveries and hands their retry to {@code
 *       settleLater} (<b>internal</b>).
 * </ul>
 *
 * <p>No step on the reader or the timer blocks: the reader sends at most one non-blocking frame;
 * whatever may wait for the confirm window (a copy, a dead-letter copy replacing a copy given up)
 * runs on a worker or on internal. The map of every thread is in {@link dev.warren.internal}.
 */
package dev.warren.internal.settlement.execution;
