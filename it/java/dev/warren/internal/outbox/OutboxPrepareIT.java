package dev.warren.internal.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.config.OutboxSettings;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.jdbc.Dialect;
import dev.warren.internal.jdbc.JtaTransactions;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.reflect.Proxy;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.spi.InitialContextFactory;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What deployment reports about the outbox's datasource and table, against the real PostgreSQL: a
 * name that finds nothing, no transaction registry, the table missing with creation off, and the
 * table created when missing. The server's naming service is stood in for by a map (the one seam:
 * {@code java.naming.factory.initial}); the datasource and the database are real.
 */
class OutboxPrepareIT {

  static final String TABLE = "prepare_it_outbox";
  static final String NAME = "java:test/OutboxDS";
  static final Map<String, Object> BOUND = new ConcurrentHashMap<>();

  /** The naming service of this test: lookups in {@link #BOUND}. */
  public static class Naming implements InitialContextFactory {
    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) {
      return (Context)
          Proxy.newProxyInstance(
              Naming.class.getClassLoader(),
              new Class<?>[] {Context.class},
              (proxy, method, args) -> {
                if (method.getName().equals("lookup")) {
                  Object found = BOUND.get(String.valueOf(args[0]));
                  if (found == null) {
                    throw new NameNotFoundException(args[0] + " is not bound");
                  }
                  return found;
                }
                return null; // close()
              });
    }
  }

  private final List<String> problems = new ArrayList<>();
  private DataSource dataSource;

  @BeforeEach
  void bind() throws Exception {
    System.setProperty(Context.INITIAL_CONTEXT_FACTORY, Naming.class.getName());
    dataSource = RelayDatabasesIT.dataSource(Dialect.POSTGRESQL);
    try (java.sql.Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("drop table if exists " + TABLE);
    }
    BOUND.put(NAME, dataSource);
    BOUND.put(
        JtaTransactions.REGISTRY,
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {TransactionSynchronizationRegistry.class},
            (proxy, method, args) -> null));
  }

  @AfterEach
  void unbind() {
    System.clearProperty(Context.INITIAL_CONTEXT_FACTORY);
    BOUND.clear();
  }

  private Outbox prepare(String name, boolean createTables) {
    return Outbox.prepare(
        new OutboxSettings(Optional.of(name), TABLE, createTables, Duration.ofSeconds(5)),
        List.of("'app.Orders.publisher'"),
        Duration.ofSeconds(5),
        null,
        ThreadSource.plain(),
        () -> {
          throw new AssertionError("preparing the outbox does not connect to the broker");
        },
        problems::add);
  }

  @Test
  void aMissingTableWithCreationOffNamesTheSettingAndTheDdl() {
    assertThat(prepare(NAME, false)).isNull();

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-313 ")
        .contains(
            "'" + TABLE + "'", NAME, "PostgreSQL", "warren.create-tables", "docs/transactions.md");
  }

  @Test
  void aMissingTableIsCreatedAndThenFound() throws Exception {
    assertThat(prepare(NAME, true)).isNotNull();
    assertThat(prepare(NAME, false)).isNotNull();

    assertThat(problems).isEmpty();
    try (java.sql.Connection connection = dataSource.getConnection()) {
      assertThat(dev.warren.internal.jdbc.Tables.exists(connection, TABLE)).isTrue();
    }
  }

  @Test
  void aNameThatFindsNoDataSourceSaysWhichAndHowToFixIt() {
    assertThat(prepare("java:test/Nothing", true)).isNull();

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-311 ")
        .contains("warren.datasource 'java:test/Nothing'", "java:jboss/datasources/");
  }

  @Test
  void noTransactionRegistryIsAProblemNamingTheInjectionPoint() {
    BOUND.remove(JtaTransactions.REGISTRY);

    assertThat(prepare(NAME, true)).isNull();

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-312 ")
        .contains("'app.Orders.publisher'", JtaTransactions.REGISTRY, "Jakarta EE server");
  }
}
