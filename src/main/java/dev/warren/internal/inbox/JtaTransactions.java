package dev.warren.internal.inbox;

import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * {@link Transactions} through the server's {@code TransactionSynchronizationRegistry}, found once
 * at deployment at its standard JNDI name. Loaded only when the Jakarta Transactions API is there.
 */
final class JtaTransactions implements Transactions {

  static final String JNDI_NAME = "java:comp/TransactionSynchronizationRegistry";

  private final TransactionSynchronizationRegistry registry;

  private JtaTransactions(TransactionSynchronizationRegistry registry) {
    this.registry = registry;
  }

  /**
   * The server's registry.
   *
   * @throws NamingException when there is none (Weld SE: no naming service)
   */
  static Transactions lookup() throws NamingException {
    InitialContext context = new InitialContext();
    try {
      return new JtaTransactions((TransactionSynchronizationRegistry) context.lookup(JNDI_NAME));
    } finally {
      context.close();
    }
  }

  @Override
  public String inactive() {
    int status = registry.getTransactionStatus();
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
