/**
 * Warren's lifecycle and wiring: {@code WarrenRuntime} makes Warren's threads and timer, starts
 * every consumer and stops them all at shutdown; {@code RabbitResources} produces the injectable
 * {@code Connection}, {@code Channel}, publisher and requester. The parts it wires are in {@code
 * connection}, {@code consume} and {@code settlement.execution}. Not API.
 */
package dev.warren.internal.runtime;
