package dev.warren.internal.jdbc;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The application's {@code DataSource}, found by its JNDI name once at deployment (on the deploying
 * thread, where the server's naming context is the application's).
 */
public final class DataSources {

  private DataSources() {}

  /**
   * The {@code DataSource} bound to {@code jndiName} ({@code java:jboss/datasources/AppDS}, {@code
   * jdbc/AppDS}, {@code java:comp/env/jdbc/AppDS}).
   *
   * @throws NamingException when nothing is bound there, there is no naming service (Weld SE), or
   *     what is bound is not a {@code DataSource} (its message says which)
   */
  public static DataSource lookup(String jndiName) throws NamingException {
    InitialContext context = new InitialContext();
    try {
      Object found = context.lookup(jndiName);
      if (found instanceof DataSource dataSource) {
        return dataSource;
      }
      throw new NamingException(
          "'"
              + jndiName
              + "' is bound to "
              + (found == null ? "null" : found.getClass().getName())
              + ", not a javax.sql.DataSource");
    } finally {
      context.close();
    }
  }
}
