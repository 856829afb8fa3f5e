/**
 * The transactional outbox: {@code @Outbox Publisher} writes each message as a row of the outbox
 * table in the caller's JTA transaction ({@code OutboxWriter}, the caller's thread); after the
 * commit an interposed synchronization nudges the {@code Relay} ({@code warren-outbox}, one thread
 * from the {@code ThreadSource}), which takes due rows in id order with {@code FOR UPDATE SKIP
 * LOCKED} in a local JDBC transaction of its own, publishes them with confirms and {@code
 * mandatory} on a channel of its own, deletes each confirmed row, and holds a returned or nacked
 * one back with a back-off. Imports config, ee, jdbc, codec, logging, telemetry (its gauges),
 * publish (the connection source) and the API. Not API.
 */
package dev.warren.internal.outbox;
