/**
 * Warren's lifecycle and wiring: {@code WarrenRuntime} makes Warren's threads and timer, starts
 * every consumer and stops them all at shutdown; {@code RabbitResources} produces the injectable
 * {@code Connection}, {@code Channel}, publisher and requester; {@code Deployed} hands the running
 * runtime and the deployment model to the beans that read them. The parts it wires are in {@code
 * connection}, {@code consume} and {@code settlement.execution}. May import the packages below it
 * and the API; never the extension or health. Not API.
 */
package dev.warren.internal.runtime;
