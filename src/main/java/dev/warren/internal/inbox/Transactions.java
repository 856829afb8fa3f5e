package dev.warren.internal.inbox;

/**
 * Whether the calling thread has a JTA transaction that a write through the datasource takes part
 * in. Read through the server's registry ({@link JtaTransactions}), whose class is loaded only
 * where the Jakarta Transactions API is.
 */
@FunctionalInterface
interface Transactions {

  /** {@code null} when a transaction is active on this thread, else its status, for messages. */
  String inactive();
}
