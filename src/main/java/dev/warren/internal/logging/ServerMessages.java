package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#SERVER_THREADS}. */
public final class ServerMessages {

  private ServerMessages() {}

  public static final Message MANAGED_THREAD_FACTORY_MISSING =
      new Message(
          200,
          Level.PROBLEM,
          "'warren.managed-thread-factory' names '{name}', which is no "
              + "ManagedThreadFactory ({why}); |name the JNDI entry of a managed thread "
              + "factory, remove the key to use the server's default, or set it to "
              + "'none' for plain threads");

  public static String managedThreadFactoryMissing(String name, String why) {
    return MANAGED_THREAD_FACTORY_MISSING.text(name, why);
  }

  public static final Message PLAIN_THREADS =
      new Message(
          201,
          Level.INFO,
          "Warren runs consumers on plain threads without the application's EE "
              + "context: no ManagedThreadFactory at '{name}' ({why}); handlers cannot "
              + "look up java:comp names; |set 'warren.managed-thread-factory' to the "
              + "JNDI name of one");

  public static void plainThreads(Logger log, String name, String why) {
    PLAIN_THREADS.log(log, name, why);
  }

  public static final Message THREADS_CHOSEN =
      new Message(
          202,
          Level.INFO,
          "Warren's consumers, completions and RabbitMQ client run on {description}");

  public static void threadsChosen(Logger log, String description) {
    THREADS_CHOSEN.log(log, description);
  }
}
