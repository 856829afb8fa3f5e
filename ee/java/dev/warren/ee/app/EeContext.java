package dev.warren.ee.app;

import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import javax.naming.InitialContext;

/** Handlers that do what EE applications do on their first delivery. */
@ApplicationScoped
public class EeContext {

  public static final String CONTEXT = "ee.context";
  public static final String CONTEXT_OUT = "ee.context.out";
  public static final String TX = "ee.tx";

  @EJB Greeter greeter;
  @Inject Instance<ResourceUser> resourceUsers;
  @Inject Publisher publisher;

  /** A {@code java:comp} lookup's result: the bound object's class, or the exception. */
  static String lookup(String name) {
    try {
      Object found = new InitialContext().lookup(name);
      return found == null ? "null" : "found";
    } catch (Exception e) {
      return e.toString();
    }
  }

  @RabbitConsumer(queue = CONTEXT)
  public void handle(String body) {
    Seen.add(CONTEXT, "thread=" + Thread.currentThread().getName());
    Seen.add(CONTEXT, "java:comp/env=" + lookup("java:comp/env"));
    Seen.add(
        CONTEXT,
        "java:comp/TransactionSynchronizationRegistry="
            + lookup("java:comp/TransactionSynchronizationRegistry"));
    try {
      Seen.add(CONTEXT, "resource=" + resourceUsers.get().hasRegistry());
    } catch (RuntimeException e) {
      Seen.add(CONTEXT, "resource=" + e);
    }
    try {
      Seen.add(CONTEXT, "ejb=" + greeter.greet(body));
    } catch (RuntimeException e) {
      Seen.add(CONTEXT, "ejb=" + e);
    }
    // a publish stage completes on Warren's completion threads: the application's callbacks
    // run there, and need the context as much as handlers do
    publisher
        .publish("", CONTEXT_OUT, body)
        .thenRun(
            () -> {
              Seen.add(CONTEXT, "callback thread=" + Thread.currentThread().getName());
              Seen.add(CONTEXT, "callback java:comp/env=" + lookup("java:comp/env"));
            });
  }

  @RabbitConsumer(queue = TX)
  @Transactional
  public void transactional(String body) throws Exception {
    TransactionSynchronizationRegistry registry =
        (TransactionSynchronizationRegistry)
            new InitialContext().lookup("java:comp/TransactionSynchronizationRegistry");
    Seen.add(TX, body + ":active=" + (registry.getTransactionStatus() == Status.STATUS_ACTIVE));
  }
}
