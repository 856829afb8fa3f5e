package dev.warren.ee.fault;

/** The fault run's names: its tables, its queues, the exchange its orders are published to. */
public final class FaultTables {

  /** One row per committed order: its id (the message id) and when it was inserted. */
  public static final String ORDERS = "fault_orders";

  /** One row per message the consumer handled (no key: a duplicate effect would be a row more). */
  public static final String EFFECTS = "fault_effects";

  /** One row, {@code running}: the order loop runs while it is true. */
  public static final String CONTROL = "fault_control";

  /** The outbox's and the inbox's tables of the fault run, apart from the other tests' ones. */
  public static final String OUTBOX = "fault_outbox";

  public static final String INBOX = "fault_inbox";

  /** A fanout exchange: every order message goes to both queues below. */
  public static final String EXCHANGE = "fault.orders.x";

  /** The consumer's queue. */
  public static final String QUEUE = "fault.orders";

  /** A queue nobody consumes: it keeps every copy the relay published, duplicates too. */
  public static final String COPIES = "fault.orders.copies";

  private FaultTables() {}
}
