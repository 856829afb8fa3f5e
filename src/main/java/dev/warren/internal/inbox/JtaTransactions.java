package dev.warren.internal.inbox;

import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;

/**
 * {@link Transactions} through the server's {@code TransactionSynchronizationRegistry}, found at
 * its standard JNDI name at deployment, or on first use. Loaded only when the Jakarta Transactions
 * API is there.
 */
final class JtaTransactions implements Transactions {

  static final String JNDI_NAME = "java:comp/TransactionSynchronizationRegistry";

  private volatile TransactionSynchronizationRegistry registry;

  private JtaTransactions(TransactionSynchronizationRegistry registry) {
    this.registry = registry;
  }

  /**
   * The server's registry; looked up again on first use (on a consumer's thread, which carries the
   * application's context) when the deploying thread has no {@code java:comp} to look it up in.
   *
   * @throws NoInitialContextException when there is no naming service at all (Weld SE)
   */
  static Transactions lookup() throws NamingException {
    try {
      return new JtaTransactions(registry());
    } catch (NoInitialContextException e) {
      throw e;
    } catch (NamingException e) {
      return new JtaTransactions(null);
    }
  }

  private static TransactionSynchronizationRegistry registry() throws NamingException {
    InitialContext context = new InitialContext();
    try {
      return (TransactionSynchronizationRegistry) context.lookup(JNDI_NAME);
    } finally {
      context.close();
    }
  }

  @Override
  public String inactive() {
    TransactionSynchronizationRegistry found = registry;
    if (found == null) {
      try {
        found = registry();
        registry = found;
      } catch (NamingException e) {
        return "no transaction registry at '" + JNDI_NAME + "': " + e;
      }
    }
    int status = found.getTransactionStatus();
    // marked for rollback still takes the insert, which then rolls back with the method's work
    return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK
        ? null
        : describe(status);
  }

  private static String describe(int status) {
    return switch (status) {
      case Status.STATUS_NO_TRANSACTION -> "no transaction";
      case Status.STATUS_COMMITTED -> "committed";
      case Status.STATUS_ROLLEDBACK -> "rolled back";
      case Status.STATUS_PREPARED, Status.STATUS_PREPARING -> "preparing to commit";
      case Status.STATUS_COMMITTING -> "committing";
      case Status.STATUS_ROLLING_BACK -> "rolling back";
      default -> "status " + status;
    };
  }
}
