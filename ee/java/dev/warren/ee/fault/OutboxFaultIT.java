package dev.warren.ee.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.EeDatabase;
import dev.warren.ee.support.Percentile;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Wars;
import dev.warren.ee.support.WildFlyProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Outbox, inbox and ack after commit under faults, on WildFly against PostgreSQL: while the
 * application places orders (row and message in one transaction, every tenth rolled back on
 * purpose) and its consumer records them through the inbox, the server is killed with {@code kill
 * -9} four times at random points and restarted, and the broker (a node of the run's own) is
 * stopped and started once. Then it counts: committed orders, copies published (a second queue
 * keeps every copy, duplicates too), orders lost, messages of rolled-back orders, duplicate
 * effects, and the delay from an order's insert to its effect. The figures go to {@code
 * target/fault-run.txt}.
 */
class OutboxFaultIT {

  /** A node of its own ({@code it/brokers/node.sh}): the run stops and starts it. */
  private static final int NODE = 37;

  private static final int PORT = 5680 + NODE;
  private static final int KILLS = 4;
  private static final String DATABASE_URL =
      "jdbc:postgresql://127.0.0.1:5432/" + EeDatabase.DATABASE;

  private static WildFlyProcess server;

  @BeforeAll
  static void startNodeAndServer() throws Exception {
    node("start", Integer.toString(NODE));
    onNode(
        ch -> {
          ch.exchangeDeclare(FaultTables.EXCHANGE, BuiltinExchangeType.FANOUT, true);
          for (String queue : List.of(FaultTables.QUEUE, FaultTables.COPIES)) {
            ch.queueDelete(queue);
            ch.queueDeclare(queue, true, false, false, null);
            ch.queueBind(queue, FaultTables.EXCHANGE, "");
          }
          return null;
        });
    EeDatabase.setUp(
        "drop table if exists " + FaultTables.ORDERS,
        "drop table if exists " + FaultTables.EFFECTS,
        "drop table if exists " + FaultTables.CONTROL,
        "drop table if exists " + FaultTables.OUTBOX,
        "drop table if exists " + FaultTables.INBOX,
        "create table "
            + FaultTables.ORDERS
            + " (id varchar(64) primary key, created_at timestamptz not null default clock_timestamp())",
        "create table "
            + FaultTables.EFFECTS
            + " (message_id varchar(64) not null,"
            + " received_at timestamptz not null default clock_timestamp())",
        "create table " + FaultTables.CONTROL + " (running boolean not null)",
        "insert into " + FaultTables.CONTROL + " values (true)");
    server =
        new WildFlyProcess(
            Path.of(System.getProperty("wildfly.home")),
            Path.of(System.getProperty("fault.base", "target/fault-wildfly")),
            Integer.getInteger("fault.port-offset", 400));
    server.prepare();
    server.deploy(application());
  }

  @AfterAll
  static void stopServerAndNode() throws Exception {
    if (server != null) {
      server.stop();
    }
    node("down", Integer.toString(NODE));
  }

  @Test
  void nothingIsLostOrDoneTwiceUnderKillsAndABrokerRestart() throws Exception {
    long seed = Long.getLong("fault.seed", System.currentTimeMillis());
    Random random = new Random(seed);
    List<String> faults = new ArrayList<>();
    server.start(Duration.ofSeconds(120));
    Poll.until("the first orders", Duration.ofSeconds(60), () -> count(FaultTables.ORDERS) > 50);
    for (int fault = 1; fault <= KILLS + 1; fault++) {
      Thread.sleep(3_000 + random.nextInt(7_000));
      if (fault == 3) {
        long stopped = System.nanoTime();
        node("stop", Integer.toString(NODE));
        Thread.sleep(3_000);
        node("boot", Integer.toString(NODE));
        faults.add("broker stopped and started (" + millisSince(stopped) + " ms)");
      } else {
        long before = count(FaultTables.ORDERS);
        server.kill();
        long killed = System.nanoTime();
        server.start(Duration.ofSeconds(120));
        faults.add(
            "kill -9 after "
                + before
                + " orders, deployed again in "
                + millisSince(killed)
                + " ms");
      }
    }
    Thread.sleep(5_000);
    sql("update " + FaultTables.CONTROL + " set running = false");
    long placed = count(FaultTables.ORDERS);
    Poll.until(
        "the outbox and the consumer's queue empty, every order's effect recorded",
        Duration.ofSeconds(180),
        () ->
            count(FaultTables.OUTBOX) == 0
                && onNode(ch -> ch.queueDeclarePassive(FaultTables.QUEUE).getMessageCount()) == 0
                && missingEffects() == 0);
    // settle: a last redelivery after the server's restart would show as a second effect
    Thread.sleep(2_000);
    server.stop();

    long committed = count(FaultTables.ORDERS);
    Set<String> orders = new HashSet<>(strings("select id from " + FaultTables.ORDERS));
    List<String> copies = drainCopies();
    Set<String> published = new HashSet<>(copies);
    long lost = orders.stream().filter(id -> !published.contains(id)).count();
    long phantoms = published.stream().filter(id -> !orders.contains(id)).count();
    long missing = missingEffects();
    long effects = count(FaultTables.EFFECTS);
    long duplicateEffects =
        effects - longValue("select count(distinct message_id) from " + FaultTables.EFFECTS);
    List<Long> delays =
        strings(
                "select (extract(epoch from (min(e.received_at) - o.created_at)) * 1000)::bigint"
                    + " from "
                    + FaultTables.ORDERS
                    + " o join "
                    + FaultTables.EFFECTS
                    + " e on e.message_id = o.id group by o.id, o.created_at order by 1")
            .stream()
            .map(Long::valueOf)
            .toList();
    String report =
        String.join(
            "\n",
            "seed " + seed,
            "faults: " + String.join("; ", faults),
            "orders committed: " + committed + " (" + (committed - placed) + " after the stop)",
            "copies published: " + copies.size() + " (" + published.size() + " distinct)",
            "orders lost (no copy): " + lost,
            "messages of rolled-back orders: " + phantoms,
            "orders without an effect: " + missing,
            "effects: " + effects + ", duplicate effects: " + duplicateEffects,
            "insert to effect, ms: median "
                + Percentile.of(delays, 50)
                + ", p99 "
                + Percentile.of(delays, 99)
                + ", max "
                + Percentile.of(delays, 100),
            "");
    Files.writeString(Path.of("target/fault-run.txt"), report);
    System.out.println("fault run:\n" + report);

    assertTrue(committed > 500, "too few orders for a fault run: " + report);
    assertEquals(0, lost, report);
    assertEquals(0, phantoms, report);
    assertEquals(0, missing, report);
    assertEquals(0, duplicateEffects, report);
    assertEquals(KILLS + 1, faults.size(), report);
  }

  private static WebArchive application() {
    Map<String, String> config = new HashMap<String, String>();
    config.put("ee.datasource", "java:jboss/datasources/WarrenDS");
    config.put("warren.uri", "amqp://guest:guest@127.0.0.1:" + PORT + "/");
    config.put(EeBroker.PORT_PROPERTY, Integer.toString(PORT));
    config.put("warren.datasource", "java:jboss/datasources/WarrenDS");
    config.put("warren.outbox.table", FaultTables.OUTBOX);
    config.put("warren.inbox.table", FaultTables.INBOX);
    return Wars.war(
        "fault",
        config,
        FaultTables.class,
        PlaceOrders.class,
        OrderTransaction.class,
        RecordEffects.class,
        EeDatabase.class);
  }

  private static long missingEffects() {
    return longValue(
        "select count(*) from "
            + FaultTables.ORDERS
            + " o where not exists (select 1 from "
            + FaultTables.EFFECTS
            + " e where e.message_id = o.id)");
  }

  private static List<String> drainCopies() {
    return onNode(
        ch -> {
          List<String> ids = new ArrayList<>();
          for (GetResponse r = ch.basicGet(FaultTables.COPIES, true);
              r != null;
              r = ch.basicGet(FaultTables.COPIES, true)) {
            String id = r.getProps().getMessageId();
            ids.add(id != null ? id : new String(r.getBody(), StandardCharsets.UTF_8));
          }
          return ids;
        });
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }

  private static long count(String table) {
    return longValue("select count(*) from " + table);
  }

  private static long longValue(String query) {
    return Long.parseLong(strings(query).get(0));
  }

  private static List<String> strings(String query) {
    try (Connection connection = DriverManager.getConnection(DATABASE_URL, "postgres", "postgres");
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

  private static void sql(String statement) {
    EeDatabase.setUp(statement);
  }

  private interface Work<T> {
    T on(Channel channel) throws IOException;
  }

  private static <T> T onNode(Work<T> work) {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(PORT);
    factory.setAutomaticRecoveryEnabled(false);
    try (com.rabbitmq.client.Connection connection = factory.newConnection("warren-fault-run");
        Channel channel = connection.createChannel()) {
      return work.on(channel);
    } catch (IOException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the fault run's node on port " + PORT + ": " + e, e);
    }
  }

  private static void node(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", System.getProperty("fault.node-sh")));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
    }
  }
}
