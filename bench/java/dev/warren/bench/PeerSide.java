package dev.warren.bench;

import java.util.List;

/**
 * A side of the benchmark run by a library a user might pick instead of Warren (Spring AMQP,
 * SmallRye Reactive Messaging), doing a scenario's work as that library's users write it. The sides
 * live in {@code bench/peers}, which only the {@code bench} Maven profile compiles (their
 * dependencies are there only), and run in the same rounds as raw and Warren; {@link Peers} finds
 * them.
 *
 * <p>Each method does one measured run on a queue the scenario declared (and, where it fills it,
 * filled), timed the way the scenario times raw and Warren, and returns what it measured; a side
 * that has no counterpart of a scenario says so with {@link #covers} and is never asked.
 */
interface PeerSide {

  /** The scenarios a peer may take part in. */
  enum Scenario {
    CONSUME,
    PUBLISH,
    RETRY,
    REQUEST_REPLY,
    LATENCY
  }

  /** The side's name in the tables, e.g. {@code "Spring AMQP, DMLC"}. */
  String label();

  /** Whether the library has a counterpart of {@code scenario} that this side runs. */
  boolean covers(Scenario scenario);

  /**
   * Whether the library has no counterpart of {@code scenario} at all (not merely not on this
   * side), which the table of every side then says.
   */
  default boolean lacks(Scenario scenario) {
    return false;
  }

  /**
   * Consumes and acks {@code messages} from {@code queue}, one consumer, prefetch {@value
   * ConsumeScenario#PREFETCH}; the first delivery waits in {@link Tally#pass()} until {@link
   * Tally#openWhenReady} lets it through.
   */
  default Tally.Run consume(String queue, boolean quorum, int messages, long timeoutSeconds)
      throws Exception {
    throw new UnsupportedOperationException(label() + " does not consume");
  }

  /**
   * Publishes {@code messages} persistent messages ({@link BenchBroker#body}) to {@code queue}
   * through the default exchange with publisher confirms, at most {@code window} unconfirmed, the
   * clock started ({@link Tally#start()}) before the publishing channel opens.
   */
  default Tally.Run publish(String queue, int messages, int window, long timeoutSeconds)
      throws Exception {
    throw new UnsupportedOperationException(label() + " does not publish");
  }

  /**
   * Retries each of the {@code messages} in {@code queue} once and acks it on its second delivery,
   * with a cap of {@value RetryScenario#MAX_ATTEMPTS} attempts and {@code deadLetter} for messages
   * at the cap; {@code queue} was declared with {@link #retryQueueArguments}.
   */
  default Tally.Run retry(String queue, String deadLetter, int messages, long timeoutSeconds)
      throws Exception {
    throw new UnsupportedOperationException(label() + " does not retry");
  }

  /**
   * The arguments the retry run's queue needs for this side's way of retrying (e.g. dead-lettering
   * back to itself), or none.
   */
  default java.util.Map<String, Object> retryQueueArguments(String queue) {
    return java.util.Map.of();
  }

  /**
   * Sets up a requester and an echoing responder on {@code queue} (prefetch {@value
   * ConsumeScenario#PREFETCH}, one consumer) and hands one round trip to {@code measure}, which
   * makes the run's round trips from its caller threads.
   */
  default Tally.Run requestReply(String queue, RoundTrips measure) throws Exception {
    throw new UnsupportedOperationException(label() + " does not do request/reply");
  }

  /**
   * This side's consumer in the latency scenario ({@link LatencyScenario}), which publishes to it
   * with the same raw code as to raw's and Warren's.
   */
  default LatencySide latency() {
    throw new UnsupportedOperationException(label() + " has no latency side");
  }

  /** One round trip: sends {@link BenchBroker#BODY} and returns the reply's body. */
  @FunctionalInterface
  interface RoundTrip {
    byte[] call() throws Exception;
  }

  /** The request/reply scenario's measurement of a side's round trips. */
  @FunctionalInterface
  interface RoundTrips {
    Tally.Run measure(RoundTrip roundTrip, String what) throws Exception;
  }

  /** The peers among {@code sides}, in order. */
  static List<PeerSide> of(List<?> sides) {
    return sides.stream().filter(PeerSide.class::isInstance).map(PeerSide.class::cast).toList();
  }
}
