/**
 * The running part: the connection, one channel and dispatcher per consumer, settlement frames,
 * graceful shutdown, and the injectable {@code Connection} and {@code Channel}. May import the
 * packages below it (asyncapi, invocation, reply, publish, topology, telemetry, ee, model and the
 * leaves) and the API; never the extension or health. Not API.
 */
package dev.warren.internal.runtime;
