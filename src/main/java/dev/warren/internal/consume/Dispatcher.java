package dev.warren.internal.consume;

import dev.warren.internal.settlement.execution.DeliverySource;
import dev.warren.internal.settlement.execution.IncomingDelivery;
import dev.warren.internal.settlement.execution.SettlementListener;

/**
 * Takes one consumer's deliveries from the client's callback thread to its workers and the method;
 * one implementation per consumer shape, chosen when the consumer is built.
 */
interface Dispatcher {

  /** A delivery arrived (on the client's callback thread, often its reader: must not block). */
  void dispatch(IncomingDelivery delivery);

  /**
   * What the deliveries this dispatcher takes share: the consumer's deliveries must be made with it
   * (a dispatcher that hands them to its workers one by one gets each back through it).
   */
  DeliverySource source(String consumerName, String queue);

  /** What a dispatcher needs from its consumer. */
  interface Control {
    /** Whether the consumer has stopped (deliveries not started then are left to the broker). */
    boolean stopped();

    /** Something that is not a handler's failure escaped: stop the consumer. */
    void fatal(Throwable fatal);
  }

  /** A delivery given up unsettled after a fatal failure: the broker redelivers it. */
  static void abandon(SettlementListener listener, IncomingDelivery delivery, Throwable fatal) {
    listener.handled(delivery, null, fatal);
    listener.abandoned(delivery, "the consumer stopped after " + fatal);
  }
}
