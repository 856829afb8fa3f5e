/**
 * The running part: the connection, one channel and dispatcher per consumer, settlement frames,
 * graceful shutdown, and the injectable {@code Connection} and {@code Channel}. Not API.
 */
package dev.warren.internal.runtime;
