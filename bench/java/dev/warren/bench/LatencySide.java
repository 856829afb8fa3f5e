package dev.warren.bench;

/**
 * One side of the latency scenario: a consumer of a queue, written as that library's users write
 * one. The scenario's publisher (the same raw code for every side) sends 1 KiB persistent messages
 * at a fixed rate, each stamped with the time it was due to be sent; the side's handler passes
 * every delivery's body to {@link Arrivals#arrived} and then acks it. Adding a library to the
 * latency table is one class implementing this, listed in {@link LatencyScenario}, or a peer's
 * {@link PeerSide#latency()}.
 *
 * <p>The side's consumer takes one delivery at a time (concurrency 1), prefetch {@value
 * ConsumeScenario#PREFETCH}, acking each delivery after its handler, on a connection of its own.
 */
interface LatencySide {

  /** The side's name in the tables and the chart, e.g. {@code raw} or {@code Warren}. */
  String label();

  /**
   * Starts the consumer on {@code queue} (declared already, as a classic or a quorum queue) and
   * returns once it consumes. {@link Arrivals#current} is {@code arrivals} by then, for a handler
   * that a container creates.
   *
   * @param quorum whether {@code queue} is a quorum queue (for a library that must declare or check
   *     its type)
   * @return what stops the consumer and closes its connection (or container)
   */
  AutoCloseable start(BenchBroker broker, String queue, boolean quorum, Arrivals arrivals)
      throws Exception;
}
