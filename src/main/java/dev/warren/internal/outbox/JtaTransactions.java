package dev.warren.internal.outbox;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The server's JTA transactions as the outbox uses them: whether the caller's thread has an active
 * transaction, and a nudge after it commits. The only class of the outbox that names JTA types, so
 * that nothing loads them where the API is absent (Weld SE). The registry is looked up once at
 * deployment; its methods run on the caller's thread.
 */
final class JtaTransactions {

  /** Where Jakarta EE binds the registry (Jakarta Transactions, section 3.3.2). */
  static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  /** Whether the JTA API is on the application's class path. */
  static final String API = "jakarta.transaction.TransactionSynchronizationRegistry";

  private final TransactionSynchronizationRegistry registry;

  private JtaTransactions(TransactionSynchronizationRegistry registry) {
    this.registry = registry;
  }

  /**
   * The server's registry.
   *
   * @throws NamingException when there is no naming service or nothing bound there
   */
  static JtaTransactions lookup() throws NamingException {
    InitialContext context = new InitialContext();
    try {
      Object found = context.lookup(REGISTRY);
      if (found instanceof TransactionSynchronizationRegistry registry) {
        return new JtaTransactions(registry);
      }
      throw new NamingException(REGISTRY + " is not a TransactionSynchronizationRegistry");
    } finally {
      context.close();
    }
  }

  /** {@code null} when the caller's transaction is active, else its status's name. */
  String inactive() {
    int status = registry.getTransactionStatus();
    return status == Status.STATUS_ACTIVE ? null : name(status);
  }

  /**
   * Runs {@code nudge} after the caller's transaction commits (not after a rollback); registers at
   * most once per transaction, keyed by {@code key}. The server runs {@code nudge} on the thread
   * that completes the transaction: it must not block.
   */
  void afterCommit(Object key, Runnable nudge) {
    if (registry.getResource(key) != null) {
      return;
    }
    registry.putResource(key, Boolean.TRUE);
    registry.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
              nudge.run();
            }
          }
        });
  }

  static String name(int status) {
    return switch (status) {
      case Status.STATUS_ACTIVE -> "active";
      case Status.STATUS_MARKED_ROLLBACK -> "marked for rollback";
      case Status.STATUS_PREPARED -> "prepared";
      case Status.STATUS_COMMITTED -> "committed";
      case Status.STATUS_ROLLEDBACK -> "rolled back";
      case Status.STATUS_UNKNOWN -> "unknown";
      case Status.STATUS_NO_TRANSACTION -> "no transaction";
      case Status.STATUS_PREPARING -> "preparing";
      case Status.STATUS_COMMITTING -> "committing";
      case Status.STATUS_ROLLING_BACK -> "rolling back";
      default -> "status " + status;
    };
  }
}
