package dev.warren.internal.jdbc;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;

/**
 * The server's JTA transactions as Warren's tables use them: whether the calling thread has a
 * transaction that a write through the datasource takes part in (the outbox's write, the inbox's
 * insert), and a nudge after it commits (the outbox's relay). The only class that names JTA types,
 * so that nothing loads them where the API is absent (Weld SE: check {@link #API} first). Its
 * methods run on the caller's thread.
 */
public final class JtaTransactions {

  /** Where Jakarta EE binds the registry (Jakarta Transactions, section 3.3.2). */
  public static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  /** Whether the JTA API is on the application's class path. */
  public static final String API = "jakarta.transaction.TransactionSynchronizationRegistry";

  private volatile TransactionSynchronizationRegistry registry;

  private JtaTransactions(TransactionSynchronizationRegistry registry) {
    this.registry = registry;
  }

  /**
   * The server's registry, looked up now.
   *
   * @throws NamingException when there is no naming service or nothing (or something else) bound
   *     there
   */
  public static JtaTransactions lookup() throws NamingException {
    return new JtaTransactions(registry());
  }

  /**
   * The server's registry, looked up now or, when the calling thread has no {@code java:comp} to
   * look it up in, at its first use (on a consumer's thread, which carries the application's
   * context).
   *
   * @throws NoInitialContextException when there is no naming service at all (Weld SE)
   */
  public static JtaTransactions lookupOrDefer() throws NoInitialContextException {
    try {
      return lookup();
    } catch (NoInitialContextException e) {
      throw e;
    } catch (NamingException e) {
      return new JtaTransactions(null);
    }
  }

  private static TransactionSynchronizationRegistry registry() throws NamingException {
    InitialContext context = new InitialContext();
    try {
      Object found = context.lookup(REGISTRY);
      if (found instanceof TransactionSynchronizationRegistry registry) {
        return registry;
      }
      throw new NamingException(REGISTRY + " is not a TransactionSynchronizationRegistry");
    } finally {
      context.close();
    }
  }

  /**
   * {@code null} when the calling thread has a transaction a write takes part in (active, or marked
   * for rollback: the write then rolls back with the rest), else why not, for messages.
   */
  public String inactive() {
    TransactionSynchronizationRegistry found = registry;
    if (found == null) {
      try {
        found = registry();
        registry = found;
      } catch (NamingException e) {
        return "no transaction registry at '" + REGISTRY + "': " + e;
      }
    }
    int status = found.getTransactionStatus();
    return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK
        ? null
        : name(status);
  }

  /**
   * Runs {@code nudge} after the caller's transaction commits (not after a rollback); registers at
   * most once per transaction, keyed by {@code key}. The server runs {@code nudge} on the thread
   * that completes the transaction: it must not block.
   */
  public void afterCommit(Object key, Runnable nudge) {
    TransactionSynchronizationRegistry found = registry;
    if (found.getResource(key) != null) {
      return;
    }
    found.putResource(key, Boolean.TRUE);
    found.registerInterposedSynchronization(
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
