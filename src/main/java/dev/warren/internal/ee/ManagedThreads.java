package dev.warren.internal.ee;

import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.logging.ServerMessages;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;

/**
 * Chooses the {@link ThreadSource} at deployment validation (SPEC 14). With Jakarta Concurrency
 * present, Warren's threads come from a {@code ManagedThreadFactory}: the one {@value
 * WarrenConfig#MANAGED_THREAD_FACTORY} names in JNDI, else the application's CDI bean of that type,
 * else the server's default ({@value #DEFAULT_FACTORY}); and everything they run is run through the
 * default {@code ContextService}'s {@code currentContextExecutor()}, captured here.
 *
 * <p>Why capture here: measured on WildFly 39, a managed thread carries the context of the thread
 * that calls {@code newThread}, and Warren's pools create threads lazily on the client's threads,
 * which have none; Open Liberty 26 captures at lookup instead. A WAR's deployment validation runs
 * with the application's context on both servers (so does an EAR's on Liberty), so the context
 * captured now is applied to every Warren thread, whoever creates it. An EAR's deployment
 * validation on WildFly has no module's {@code java:comp}, and WildFly announces an EAR's
 * application scope once, without one either: there Warren's threads are plain ({@code
 * WARREN-201}).
 */
public final class ManagedThreads {

  /** The server's default managed thread factory (Jakarta EE default resource). */
  public static final String DEFAULT_FACTORY = "java:comp/DefaultManagedThreadFactory";

  /** The server's default context service. */
  static final String DEFAULT_CONTEXT_SERVICE = "java:comp/DefaultContextService";

  /** The setting that turns managed threads off. */
  public static final String NONE = "none";

  private static final Logger LOG = Logger.getLogger(ManagedThreads.class.getName());
  private static final String FACTORY_TYPE = "jakarta.enterprise.concurrent.ManagedThreadFactory";

  private ManagedThreads() {}

  /**
   * The thread source for this deployment.
   *
   * @param configured the value of {@value WarrenConfig#MANAGED_THREAD_FACTORY}, {@code null} when
   *     not set
   * @param problems receives a deployment problem when a configured factory is not there
   */
  public static ThreadSource resolve(
      String configured, BeanManager beanManager, Consumer<String> problems) {
    if (NONE.equalsIgnoreCase(configured)) {
      return ThreadSource.plain();
    }
    Class<?> factoryType = concurrencyApi();
    if (factoryType == null) {
      if (configured != null) {
        problems.accept(
            ServerMessages.managedThreadFactoryMissing(
                configured, "Jakarta Concurrency is not available to the application"));
      }
      return ThreadSource.plain();
    }
    ThreadFactory factory;
    String from;
    if (configured != null) {
      Object found = lookup(configured);
      if (!(found instanceof ThreadFactory named)) {
        problems.accept(ServerMessages.managedThreadFactoryMissing(configured, describe(found)));
        return ThreadSource.plain();
      }
      factory = named;
      from = "'" + configured + "'";
    } else {
      factory = bean(beanManager, factoryType);
      from = "the application's ManagedThreadFactory bean";
      if (factory == null) {
        Object found = lookup(DEFAULT_FACTORY);
        if (!(found instanceof ThreadFactory server)) {
          // no JNDI at all (Weld SE with the Concurrency API on its class path): nothing to say
          if (!(found instanceof NoInitialContextException)) {
            ServerMessages.plainThreads(LOG, DEFAULT_FACTORY, describe(found));
          }
          return ThreadSource.plain();
        }
        factory = server;
        from = "'" + DEFAULT_FACTORY + "'";
      }
    }
    Executor context = ContextCapture.now(lookup(DEFAULT_CONTEXT_SERVICE));
    String description =
        "managed threads from "
            + from
            + (context == null
                ? " (no context service at '" + DEFAULT_CONTEXT_SERVICE + "')"
                : " with the application's context");
    return ThreadSource.managed(factory, context, description);
  }

  /** The {@code ManagedThreadFactory} type, or {@code null} when Jakarta Concurrency is absent. */
  private static Class<?> concurrencyApi() {
    try {
      return Class.forName(FACTORY_TYPE, false, ManagedThreads.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /** The application's unqualified {@code ManagedThreadFactory} bean, if it has exactly one. */
  private static ThreadFactory bean(BeanManager beanManager, Class<?> type) {
    Set<Bean<?>> beans = beanManager.getBeans(type);
    if (beans.isEmpty()) {
      return null;
    }
    Bean<?> bean = beanManager.resolve(beans);
    if (bean == null) {
      return null;
    }
    return (ThreadFactory)
        beanManager.getReference(bean, type, beanManager.createCreationalContext(bean));
  }

  /** The object bound to {@code name}, or the exception that says why there is none. */
  private static Object lookup(String name) {
    try {
      return new InitialContext().lookup(name);
    } catch (NamingException | RuntimeException e) {
      return e;
    }
  }

  private static String describe(Object found) {
    if (found instanceof Exception e) {
      return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
    return found == null ? "nothing is bound there" : "it is a " + found.getClass().getName();
  }
}
