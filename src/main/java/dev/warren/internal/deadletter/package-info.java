/**
 * Dead letter operations ({@code dev.warren.DeadLetters}): reading a dead letter's headers,
 * choosing the ones a query selects, and one pass over a dead letter queue that replays, purges or
 * keeps each, on a connection of its own, on the caller's thread. Imports the API, {@code model},
 * {@code codec}, {@code publish} (its copies are confirmed like every message Warren publishes) and
 * {@code logging}; {@code runtime} makes it a bean. The command line ({@code warren-cli}, {@code
 * dev.warren.cli}) uses {@code RabbitDeadLetters} and {@code PassProgress} directly: it is released
 * with the library. Not API.
 */
package dev.warren.internal.deadletter;
