package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#OUTBOX}. */
public final class OutboxMessages {

  private OutboxMessages() {}

  public static final Message NO_DATASOURCE =
      new Message(
          310,
          Level.PROBLEM,
          "outbox: {injectionPoints} inject @Outbox Publisher, but warren.datasource is not set; "
              + "|set warren.datasource to the JNDI name of the application's JTA datasource "
              + "(java:jboss/datasources/AppDS on WildFly, jdbc/AppDS on Open Liberty), see "
              + "docs/transactions.md");

  public static String noDataSource(Object injectionPoints) {
    return NO_DATASOURCE.text(injectionPoints);
  }

  public static final Message DATASOURCE_NOT_FOUND =
      new Message(
          311,
          Level.PROBLEM,
          "outbox: warren.datasource '{name}' names no DataSource ({why}); |give the JNDI name "
              + "under which the server binds the application's JTA datasource "
              + "(java:jboss/datasources/AppDS on WildFly, the jndiName of a dataSource in "
              + "server.xml on Open Liberty)");

  public static String dataSourceNotFound(String name, String why) {
    return DATASOURCE_NOT_FOUND.text(name, why);
  }

  public static final Message NO_JTA =
      new Message(
          312,
          Level.PROBLEM,
          "outbox: {injectionPoints} inject @Outbox Publisher, which needs a Jakarta EE server's "
              + "JTA transactions, and there are none here ({why}); on Weld SE there is no outbox; "
              + "|run the application on a Jakarta EE server (WildFly, Open Liberty), or inject "
              + "the plain Publisher");

  public static String noJta(Object injectionPoints, String why) {
    return NO_JTA.text(injectionPoints, why);
  }

  public static final Message TABLE_MISSING =
      new Message(
          313,
          Level.PROBLEM,
          "outbox: table '{table}' does not exist in warren.datasource '{name}' ({database}) and "
              + "warren.create-tables is false; |create it with the DDL for {database} in "
              + "docs/transactions.md (Outbox table), or set warren.create-tables=true");

  public static String tableMissing(String table, String name, String database) {
    return TABLE_MISSING.text(table, name, database);
  }

  public static final Message TABLE_FAILED =
      new Message(
          314,
          Level.PROBLEM,
          "outbox: table '{table}' in warren.datasource '{name}' could not be checked or "
              + "created ({why}); |let the datasource's user create tables, or create it with the "
              + "DDL in docs/transactions.md (Outbox table) and set warren.create-tables=false");

  public static String tableFailed(String table, String name, String why) {
    return TABLE_FAILED.text(table, name, why);
  }

  public static final Message UNSUPPORTED_DATABASE =
      new Message(
          315,
          Level.PROBLEM,
          "outbox: warren.datasource '{name}' is a {product} database; the outbox supports "
              + "PostgreSQL and MariaDB; |point warren.datasource at a PostgreSQL (9.5+) or "
              + "MariaDB (10.6+) datasource");

  public static String unsupportedDatabase(String name, String product) {
    return UNSUPPORTED_DATABASE.text(name, product);
  }

  public static final Message NO_TRANSACTION =
      new Message(
          316,
          Level.THROWN,
          "outbox: a publish to exchange '{exchange}' with routing key '{routingKey}' through "
              + "@Outbox Publisher needs an active JTA transaction, and there is none (status "
              + "{status}); nothing is written or published; |call it inside a @Transactional "
              + "method (or between UserTransaction.begin and commit), or inject the plain "
              + "Publisher to publish without a transaction");

  public static String noTransaction(String exchange, String routingKey, String status) {
    return NO_TRANSACTION.text(exchange, routingKey, status);
  }

  public static final Message ROW_FAILED =
      new Message(
          317,
          Level.WARN,
          "outbox: message '{messageId}' (row {row} of table '{table}') to exchange '{exchange}' "
              + "with routing key '{routingKey}' was {what} (attempt {attempts}); it stays in the "
              + "outbox and is tried again after {backoff}{suppressed}; |bind a queue to the "
              + "exchange that matches the routing key (an unroutable message), or look at the "
              + "broker's log (a nack)");

  public static void rowFailed(
      Logger logger,
      String messageId,
      long row,
      String table,
      String exchange,
      String routingKey,
      String what,
      int attempts,
      Object backoff,
      long suppressed) {
    ROW_FAILED.log(
        logger,
        messageId,
        row,
        table,
        exchange,
        routingKey,
        what,
        attempts,
        backoff,
        suppressed > 0 ? " (" + suppressed + " such warnings held back)" : "");
  }

  public static final Message RELAY_FAILED =
      new Message(
          318,
          Level.WARN,
          "outbox: the relay could not go through table '{table}' ({why}); its rows stay and it "
              + "tries again in {backoff}{suppressed}; |check that the database and the broker "
              + "answer");

  public static void relayFailed(
      Logger logger, Throwable thrown, String table, String why, Object backoff, long held) {
    RELAY_FAILED.logThrown(
        logger,
        thrown,
        table,
        why,
        backoff,
        held > 0 ? " (" + held + " such warnings held back)" : "");
  }

  public static final Message WRITE_FAILED =
      new Message(
          319,
          Level.THROWN,
          "outbox: the message to exchange '{exchange}' with routing key '{routingKey}' could not "
              + "be written to table '{table}' ({why}); it will not be published; |check the "
              + "datasource named by warren.datasource and the table (docs/transactions.md)");

  public static String writeFailed(String exchange, String routingKey, String table, String why) {
    return WRITE_FAILED.text(exchange, routingKey, table, why);
  }
}
