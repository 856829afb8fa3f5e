package dev.warren.internal.ee;

import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where every thread that can run application code comes from (SPEC 14): the server's {@code
 * ManagedThreadFactory}, with the application's EE context applied to everything the thread runs,
 * when Jakarta Concurrency is there; plain daemon threads otherwise (Weld SE). Chosen once at
 * deployment validation, before the connection opens; immutable.
 */
public final class ThreadSource {

  private static final ThreadSource PLAIN = new ThreadSource(null, null, "plain threads");

  private final ThreadFactory managed;
  private final Executor context;
  private final String description;

  private ThreadSource(ThreadFactory managed, Executor context, String description) {
    this.managed = managed;
    this.context = context;
    this.description = description;
  }

  /** Plain daemon threads, with no EE context. */
  public static ThreadSource plain() {
    return PLAIN;
  }

  /**
   * Threads from {@code factory}, each running its work inside {@code context}.
   *
   * @param factory the server's managed thread factory
   * @param context runs a task with the application's EE context captured at deployment, {@code
   *     null} when the server offers no context service (then threads carry what the factory
   *     captures itself)
   * @param description where the factory came from, for the startup log line
   */
  public static ThreadSource managed(ThreadFactory factory, Executor context, String description) {
    return new ThreadSource(factory, context, description);
  }

  /** Whether threads come from the server's managed thread factory. */
  public boolean isManaged() {
    return managed != null;
  }

  /** Where threads come from, for messages. */
  public String description() {
    return description;
  }

  /**
   * A thread factory whose threads are named {@code name-1}, {@code name-2}, ... Plain threads are
   * daemons, so that they never keep a JVM alive; managed threads keep what the server gives them.
   */
  public ThreadFactory named(String name) {
    AtomicInteger number = new AtomicInteger();
    return task -> newThread(name + "-" + number.incrementAndGet(), task);
  }

  /**
   * A new, unstarted thread named {@code name} that runs {@code task}, or {@code null} when the
   * server refuses new threads (the application is stopping).
   */
  public Thread newThread(String name, Runnable task) {
    Thread thread;
    if (managed == null) {
      thread = new Thread(task);
      thread.setDaemon(true);
    } else {
      thread = managed.newThread(context == null ? task : () -> context.execute(task));
      if (thread == null) {
        return null;
      }
    }
    try {
      thread.setName(name);
    } catch (SecurityException e) {
      // the server keeps its own name: the thread works all the same
    }
    return thread;
  }
}
