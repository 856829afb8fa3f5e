/**
 * The dead letter command line ({@code warren-cli}): parses a command line, builds Warren's
 * connection settings from a broker URI, and runs one dead letter operation with Warren's own
 * implementation, {@code dev.warren.internal.deadletter.RabbitDeadLetters}, which it uses directly
 * (the same project, released together with the library: not the public API's promise). Imports the
 * API, {@code internal.config}, {@code internal.deadletter} and {@code internal.logging}. A
 * program, not API.
 */
package dev.warren.cli;
