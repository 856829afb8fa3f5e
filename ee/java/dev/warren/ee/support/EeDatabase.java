package dev.warren.ee.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The suite's PostgreSQL database, {@value #DATABASE} on {@code 127.0.0.1:5432} as user {@code
 * postgres} (the servers' datasources point at it: ee/resources/wildfly/postgresql.cli and
 * ee/resources/liberty/server.xml). In the test JVM it creates the database when it is missing and
 * resets tables over plain JDBC; inside a server it reads them through the server's datasource,
 * whose JNDI name the test application's config holds ({@value #NAME_KEY}, from {@link #config()}).
 */
public final class EeDatabase {

  public static final String DATABASE = "warren_ee";

  /** The application's config key that holds the datasource's JNDI name. */
  public static final String NAME_KEY = "ee.datasource";

  private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";

  private EeDatabase() {}

  /** The JNDI name of the server's datasource: what the build configured on each server. */
  public static String serverDataSource() {
    return Servers.liberty() ? "jdbc/WarrenDS" : "java:jboss/datasources/WarrenDS";
  }

  /** The application's config that names the server's datasource, for {@link Wars#war}. */
  public static Map<String, String> config() {
    return Map.of(NAME_KEY, serverDataSource());
  }

  /** The server's datasource, by the name the application's config gives (in a server). */
  public static DataSource dataSource() {
    String name = ConfigProvider.getConfig().getValue(NAME_KEY, String.class);
    try {
      return (DataSource) new InitialContext().lookup(name);
    } catch (NamingException e) {
      throw new IllegalStateException("no datasource '" + name + "' in JNDI: " + e, e);
    }
  }

  /** Creates the database when it is missing, then runs {@code statements} in it (test JVM). */
  public static void setUp(String... statements) {
    try {
      try (Connection admin =
              DriverManager.getConnection(SERVER + "postgres", "postgres", "postgres");
          PreparedStatement exists =
              admin.prepareStatement("select 1 from pg_database where datname = ?")) {
        exists.setString(1, DATABASE);
        try (ResultSet found = exists.executeQuery()) {
          if (!found.next()) {
            try (Statement create = admin.createStatement()) {
              create.execute("create database " + DATABASE);
            }
          }
        }
      }
      try (Connection connection =
              DriverManager.getConnection(SERVER + DATABASE, "postgres", "postgres");
          Statement statement = connection.createStatement()) {
        for (String sql : statements) {
          statement.execute(sql);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot set up the database '"
              + DATABASE
              + "' on 127.0.0.1:5432 (test.sh starts PostgreSQL): "
              + e.getMessage(),
          e);
    }
  }

  /** The first column of every row {@code query} returns, through the server's datasource. */
  public static List<String> strings(String query) {
    try (Connection connection = dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      List<String> values = new ArrayList<>();
      while (rows.next()) {
        values.add(rows.getString(1));
      }
      return values;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run '" + query + "': " + e.getMessage(), e);
    }
  }
}
