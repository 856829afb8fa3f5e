package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#INBOX}. */
public final class InboxMessages {

  private InboxMessages() {}

  public static final Message MISPLACED =
      new Message(
          320,
          Level.PROBLEM,
          "{method}: @Idempotent cannot be used here: {why}; |put @Idempotent only on"
              + " @RabbitConsumer methods that take one delivery at a time (not batch consumers,"
              + " not responders), or remove it");

  public static String misplaced(String method, String why) {
    return MISPLACED.text(method, why);
  }

  public static final Message NOT_TRANSACTIONAL =
      new Message(
          321,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): @Idempotent records the message id in the method's"
              + " JTA transaction, but neither the method nor its class is @Transactional; |add"
              + " @jakarta.transaction.Transactional to the method (or its class)");

  public static String notTransactional(String consumer, String method) {
    return NOT_TRANSACTIONAL.text(consumer, method);
  }

  public static final Message NO_DATASOURCE =
      new Message(
          322,
          Level.PROBLEM,
          "{consumers} @Idempotent, but 'warren.datasource' is not set, so there is no inbox"
              + " table to record message ids in; |set 'warren.datasource' to the JNDI name of the"
              + " application's JTA datasource (java:jboss/datasources/AppDS, jdbc/AppDS)");

  public static String noDataSource(String consumers) {
    return NO_DATASOURCE.text(consumers);
  }

  public static final Message NO_JTA =
      new Message(
          323,
          Level.PROBLEM,
          "{consumers} @Idempotent, which needs a Jakarta EE server's JTA transactions, but"
              + " this deployment has none ({why}); |run the application on a Jakarta EE server"
              + " (WildFly, Open Liberty), or remove @Idempotent: on Weld SE Warren has no inbox");

  public static String noJta(String consumers, String why) {
    return NO_JTA.text(consumers, why);
  }

  public static final Message DATASOURCE_UNUSABLE =
      new Message(
          324,
          Level.PROBLEM,
          "'warren.datasource' is '{name}', which the inbox of {consumers} cannot use: {why};"
              + " |bind a JTA datasource of PostgreSQL or MariaDB at that JNDI name in the"
              + " server's configuration, or correct 'warren.datasource'");

  public static String dataSourceUnusable(String name, String consumers, String why) {
    return DATASOURCE_UNUSABLE.text(name, consumers, why);
  }

  public static final Message TABLE_PROBLEM =
      new Message(
          325,
          Level.PROBLEM,
          "the inbox table '{table}' ('warren.inbox.table') in the datasource '{name}' {why};"
              + " |create it with the DDL in docs/transactions.md (section Inbox), or set"
              + " 'warren.create-tables=true' and give the datasource's user the right to create"
              + " tables");

  public static String tableProblem(String table, String name, String why) {
    return TABLE_PROBLEM.text(table, name, why);
  }

  public static final Message PRIORITY_INSIDE =
      new Message(
          326,
          Level.PROBLEM,
          "{consumers} @Idempotent, but 'warren.interceptor.priority' is {priority}, which puts"
              + " Warren's interceptor inside @Idempotent's ({idempotent}): a duplicate that"
              + " @Idempotent acks without calling the method would never reach it; |set"
              + " 'warren.interceptor.priority' below {idempotent}, or leave it unset");

  public static String priorityInside(String consumers, int priority, int idempotent) {
    return PRIORITY_INSIDE.text(consumers, priority, idempotent);
  }

  public static final Message MISSING_ID =
      new Message(
          327,
          Level.WARN,
          "consumer '{consumer}' ({method}): a delivery from queue '{queue}' has no message id,"
              + " which @Idempotent needs, so it is not handled and is dropped (to the queue's"
              + " dead letter exchange if it has one): 'warren.inbox.missing-id' is 'refuse';"
              + " |publish with a message id (Warren's Publisher sets one), or set"
              + " 'warren.inbox.missing-id=body' to take the SHA-256 of the body as its id");

  /** Logs {@link #MISSING_ID} and returns its text, for the exception that refuses the delivery. */
  public static String missingId(Logger log, String consumer, String method, String queue) {
    MISSING_ID.log(log, consumer, method, queue);
    return MISSING_ID.text(consumer, method, queue);
  }

  public static final Message NO_TRANSACTION =
      new Message(
          328,
          Level.THROWN,
          "consumer '{consumer}' ({method}): @Idempotent found no active JTA transaction"
              + " (status {status}), so the message id cannot be recorded together with the"
              + " method's effects; |make the method @Transactional with TxType REQUIRED (the"
              + " default) or REQUIRES_NEW");

  public static String noTransaction(String consumer, String method, String status) {
    return NO_TRANSACTION.text(consumer, method, status);
  }

  public static final Message SWEEP_FAILED =
      new Message(
          329,
          Level.WARN,
          "the inbox table '{table}' could not be swept of rows older than"
              + " 'warren.inbox.retention' ({retention}): {why}; the next sweep tries again; |check"
              + " that the datasource '{name}' is reachable and its user may delete from the"
              + " table");

  public static void sweepFailed(
      Logger log, Throwable failure, String table, Object retention, String why, String name) {
    SWEEP_FAILED.logThrown(log, failure, table, retention, why, name);
  }
}
