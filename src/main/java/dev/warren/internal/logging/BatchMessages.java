package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#BATCH}. */
public final class BatchMessages {

  private BatchMessages() {}

  public static final Message BATCH_NOT_A_LIST =
      new Message(
          70,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): batchSize={batchSize} makes it a "
              + "batch consumer, but its payload parameter is '{type}'; |declare it as "
              + "java.util.List<T> with the element type (e.g. List<Order>), or set "
              + "batchSize=1");

  public static String batchNotAList(String consumer, String method, int batchSize, String type) {
    return BATCH_NOT_A_LIST.text(consumer, method, batchSize, type);
  }

  public static final Message BATCH_OVER_PREFETCH =
      new Message(
          71,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): batchSize={batchSize} is larger than "
              + "prefetch={prefetch}: the broker never sends more than prefetch "
              + "unsettled deliveries, so a batch could never fill; |set batchSize to at "
              + "most prefetch, or raise prefetch");

  public static String batchOverPrefetch(
      String consumer, String method, int batchSize, int prefetch) {
    return BATCH_OVER_PREFETCH.text(consumer, method, batchSize, prefetch);
  }

  public static final Message BATCH_RETURN_TYPE =
      new Message(
          72,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): return type '{type}' is not supported "
              + "for a batch consumer; |return dev.warren.Outcome (one for the whole "
              + "batch), List<Outcome> (one per element), void, or a CompletionStage of "
              + "Outcome or List<Outcome> (a batch cannot be a responder: every request "
              + "needs its own reply)");

  public static String batchReturnType(String consumer, String method, String type) {
    return BATCH_RETURN_TYPE.text(consumer, method, type);
  }

  public static final Message BATCH_ONLY =
      new Message(
          73,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): {what} is only for batch consumers; "
              + "|set batchSize above 1, or use {instead}");

  public static String batchOnly(String consumer, String method, String what) {
    return BATCH_ONLY.text(
        consumer,
        method,
        what,
        (what.contains("Delivery") ? "dev.warren.Delivery" : "dev.warren.Outcome"));
  }

  public static final Message BATCH_SINGLE_DELIVERY =
      new Message(
          74,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): a batch consumer cannot take one "
              + "dev.warren.Delivery; |declare java.util.List<dev.warren.Delivery> to "
              + "receive the deliveries in the order of the payloads");

  public static String batchSingleDelivery(String consumer, String method) {
    return BATCH_SINGLE_DELIVERY.text(consumer, method);
  }

  public static final Message BATCH_LENGTH_MISMATCH =
      new Message(
          75,
          Level.ERROR,
          "consumer '{consumer}' ({method}) returned {outcomes} outcomes for a "
              + "batch of {deliveries}; element i was settled with outcome i{settled}; "
              + "|return exactly one outcome per element");

  public static void batchLengthMismatch(
      Logger log, String consumer, String method, int outcomes, int deliveries) {
    BATCH_LENGTH_MISMATCH.log(
        log,
        consumer,
        method,
        outcomes,
        deliveries,
        (outcomes < deliveries
            ? " and the " + (deliveries - outcomes) + " without an outcome were retried"
            : " and the extra outcomes were ignored"));
  }
}
