/**
 * Connections and channels: the application's connections in their layout ({@code Connections}),
 * the frame reader that drops what the client cannot read ({@code FrameGuard}, {@code
 * HeaderTables}, {@code UnreadableFrames}), the client's error reports, heartbeats and consumer
 * dispatch, and one consumer's channel with the confirm tracker of the copies and replies published
 * on it ({@code ConsumerChannel}). Knows nothing of consumers' methods or settlement. Not API.
 *
 * <p>Threads (the map of all is in {@link dev.warren.internal}):
 *
 * <ul>
 *   <li><b>reader</b> (the client's I/O thread, one per connection): reads every frame through
 *       {@code FrameGuard}; runs the consumer callbacks of connections only Warren's subscriptions
 *       use ({@code InlineDispatch}), confirm and shutdown listeners, {@code UnreadableFrames}'
 *       watch, and the default consumer of each consumer channel ({@code ConsumerChannel}), which
 *       takes deliveries to a consumer tag the broker cancelled and sends nothing.
 *   <li><b>client work</b> ({@code warren-amqp-work-N}): the consumer callbacks on the connection
 *       the application can reach.
 *   <li><b>broker calls</b> ({@code warren-broker}) or the starting thread: {@code
 *       ConsumerChannel.open}, {@code cancel}, {@code close}.
 *   <li><b>timer</b> ({@code warren-timer}): {@code ConsumerChannel.expireCopies}, the recovery
 *       pauses of {@code UnreadableFrames}; never a broker call.
 *   <li><b>internal</b> ({@code warren-internal}): a copy or reply that waited for a place in the
 *       confirm window; closing a connection after an unreadable frame ({@code ClientErrors}).
 * </ul>
 */
package dev.warren.internal.connection;
