package dev.warren.demo;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.warren.OutgoingMessage;
import dev.warren.PublishException;
import dev.warren.Publisher;
import dev.warren.Requester;
import dev.warren.demo.Handlers.Quote;
import dev.warren.demo.Handlers.QuoteRequest;
import jakarta.enterprise.inject.spi.Extension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Runs the demo from start to finish: deletes the demo's queues, starts Weld SE with the shop's
 * consumers and Warren's extension (which declares the queues they need and starts them), publishes
 * orders, payments and shipments through Warren's confirmed {@link Publisher} (plus one message no
 * queue takes, which comes back as unroutable), asks for quotes through the {@link Requester},
 * shows a progress line until every message met its final decision, shuts the container down, and
 * asks the broker whether it holds what the consumers decided. Exits with 0 only when it does.
 *
 * <p>The broker is {@code warren.uri} (default {@code amqp://guest:guest@localhost:5672/}), read
 * from MicroProfile Config like Warren reads it, so {@code -Dwarren.uri=...} moves both.
 */
public final class DemoMain {

  static final int ORDERS = 200;
  static final int PAYMENTS = 100;
  static final int SHIPMENTS = 50;
  static final int QUOTES = 20;
  static final String NOWHERE = "warren.demo.nowhere";

  private static final List<String> QUEUES =
      List.of(
          Handlers.ORDERS,
          Handlers.ORDERS_DLQ,
          Handlers.PAYMENTS,
          Handlers.PAYMENTS_DLQ,
          Handlers.SHIPMENTS,
          Handlers.SHIPMENTS_WAIT,
          Handlers.QUOTES);
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final Duration BROKER_SETTLE = Duration.ofSeconds(5);
  private static final String DEFAULT_URI = "amqp://guest:guest@localhost:5672/";

  private DemoMain() {}

  /** Runs the demo; the exit code is 0 when the broker agrees with the consumers, else 1. */
  public static void main(String[] args) {
    Logger.getLogger("org.jboss.weld").setLevel(Level.WARNING); // Weld's startup notes
    int status;
    try {
      status = run() ? 0 : 1;
    } catch (Exception e) {
      System.out.println();
      System.out.println("FAILED: " + e);
      e.printStackTrace();
      status = 1;
    }
    // exec:java runs the demo inside Maven's JVM: end it here, whatever threads are left
    System.exit(status);
  }

  private static boolean run() throws Exception {
    ConnectionFactory factory = connectionFactory();
    try (Connection setup = factory.newConnection("warren-demo-setup");
        Channel channel = setup.createChannel()) {
      for (String queue : QUEUES) {
        channel.queueDelete(queue);
      }
    }
    // the demo owns its queues: Warren declares each consumer's queue, dead letter queue and wait
    // queue, with the quorum queue's delivery limit and dead-letter route
    System.setProperty("warren.declare-topology", "true");
    Weld weld = new Weld().disableDiscovery().addBeanClasses(Handlers.class, DemoStats.class);
    warrenExtensions().forEach(weld::addExtension);

    Expected expected = Expected.compute();
    Results results = new Results();
    Map<String, Integer> decided;
    boolean finished;
    try (WeldContainer container = weld.initialize()) {
      DemoStats stats = container.select(DemoStats.class).get();
      publish(container.select(Publisher.class).get(), results);
      ask(container.select(Requester.class).get(), results);
      finished = awaitFinal(stats, expected);
      decided = stats.snapshot();
      System.out.println(
          "shutting down: Warren cancels its consumers and drains what is in flight");
    }
    Verdict verdict = check(factory, expected, decided, results, finished);
    verdict.print();
    return verdict.ok();
  }

  private static ConnectionFactory connectionFactory() throws Exception {
    String uri =
        ConfigProvider.getConfig().getOptionalValue("warren.uri", String.class).orElse(DEFAULT_URI);
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(uri);
    if (factory.getVirtualHost().isEmpty()) {
      factory.setVirtualHost("/"); // "amqp://host/" means the default virtual host, as in Warren
    }
    return factory;
  }

  /**
   * Warren's portable extension, from its {@code META-INF/services} entry. Weld SE reads that file
   * only while bean discovery is on; with {@code disableDiscovery()} extensions must be added
   * explicitly, or no consumer starts. The filter leaves out other extensions on the demo's (test)
   * class path, such as Arquillian's.
   */
  private static List<Extension> warrenExtensions() {
    return ServiceLoader.load(Extension.class).stream()
        .filter(provider -> provider.type().getPackageName().startsWith("dev.warren."))
        .map(ServiceLoader.Provider::get)
        .toList();
  }

  /**
   * Publishes everything with publisher confirms: each stage completes when the broker has taken
   * responsibility. The one message to a routing key no queue is bound to is mandatory, so the
   * broker returns it and its stage fails as unroutable instead of the message vanishing.
   */
  private static void publish(Publisher publisher, Results results) {
    List<CompletableFuture<Void>> sent = new ArrayList<>();
    IntStream.rangeClosed(1, ORDERS)
        .forEach(i -> sent.add(stage(publisher.publish("", Handlers.ORDERS, Order.number(i)))));
    IntStream.rangeClosed(1, PAYMENTS)
        .forEach(
            i ->
                sent.add(
                    stage(publisher.publish("", Handlers.PAYMENTS, new Payment(i, 100L * i)))));
    IntStream.rangeClosed(1, SHIPMENTS)
        .forEach(i -> sent.add(stage(publisher.publish("", Handlers.SHIPMENTS, "parcel-" + i))));
    for (CompletableFuture<Void> stage : sent) {
      stage.join();
      results.confirmed++;
    }
    try {
      publisher
          .publish(OutgoingMessage.to("", NOWHERE).payload("lost?").build())
          .toCompletableFuture()
          .join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof PublishException p
          && p.reason() == PublishException.Reason.UNROUTABLE) {
        results.unroutable++;
        System.out.println("reported, as it should be: " + p.getMessage());
      } else {
        throw e;
      }
    }
    System.out.printf(
        "published %d messages, each confirmed by the broker, and 1 that no queue takes%n",
        results.confirmed);
  }

  private static CompletableFuture<Void> stage(java.util.concurrent.CompletionStage<Void> stage) {
    return stage.toCompletableFuture();
  }

  /** Asks the responder for {@value #QUOTES} quotes and checks each answer. */
  private static void ask(Requester requester, Results results) {
    List<CompletableFuture<Quote>> asked = new ArrayList<>();
    for (int i = 1; i <= QUOTES; i++) {
      asked.add(
          requester
              .request(
                  "",
                  Handlers.QUOTES,
                  new QuoteRequest("tea", i),
                  Quote.class,
                  Duration.ofSeconds(10))
              .toCompletableFuture());
    }
    for (int i = 1; i <= QUOTES; i++) {
      Quote quote = asked.get(i - 1).join();
      if (quote.cents() == 250L * i) {
        results.replies++;
      }
    }
    System.out.printf("asked for %d quotes, %d right answers came back%n", QUOTES, results.replies);
  }

  /** Shows a progress line until every message met its final decision, or the timeout. */
  private static boolean awaitFinal(DemoStats stats, Expected expected)
      throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + TIMEOUT.toNanos();
    while (true) {
      Progress now = Progress.of(stats);
      boolean done = now.equals(expected.progress());
      if (done || System.nanoTime() - deadline >= 0) {
        System.out.println("\r" + now.line(expected.progress()));
        if (!done) {
          System.out.printf("timed out after %ds%n", TIMEOUT.toSeconds());
          return false;
        }
        System.out.printf(
            "every message decided in %.1fs%n", (System.nanoTime() - start) / 1_000_000_000.0);
        return true;
      }
      System.out.print("\r" + now.line(expected.progress()));
      System.out.flush();
      Thread.sleep(200);
    }
  }

  /**
   * Asks the broker, on a fresh connection, what each queue holds, and looks at the dead letters.
   * Dead-lettering happens inside the broker after the settlement, so the counts get a few seconds.
   */
  private static Verdict check(
      ConnectionFactory factory,
      Expected expected,
      Map<String, Integer> decided,
      Results results,
      boolean finished)
      throws Exception {
    try (Connection connection = factory.newConnection("warren-demo-check");
        Channel channel = connection.createChannel()) {
      long deadline = System.nanoTime() + BROKER_SETTLE.toNanos();
      Verdict verdict;
      do {
        verdict = new Verdict(expected, decided, results, finished, Broker.read(channel, QUEUES));
        if (verdict.ok() || !finished) {
          break;
        }
        Thread.sleep(100);
      } while (System.nanoTime() - deadline < 0);
      return verdict.withDeadLetters(
          deadLetters(channel, Handlers.ORDERS_DLQ, "x-warren-death-reason", "max-attempts"),
          deadLetters(channel, Handlers.PAYMENTS_DLQ, "x-first-death-reason", "delivery_limit"));
    }
  }

  /** Takes the dead letters out of {@code queue}: how many carry {@code header=value}. */
  private static int deadLetters(Channel channel, String queue, String header, String value)
      throws java.io.IOException {
    int matching = 0;
    for (GetResponse r = channel.basicGet(queue, true);
        r != null;
        r = channel.basicGet(queue, true)) {
      Map<String, Object> headers = r.getProps().getHeaders();
      if (headers != null && value.equals(String.valueOf(headers.get(header)))) {
        matching++;
      }
    }
    return matching;
  }

  /** What the publisher and the requester saw. */
  static final class Results {
    int confirmed;
    int unroutable;
    int replies;
  }

  /**
   * How many messages of each consumer met their final decision.
   *
   * @param orders acked, dropped or given up after the third attempt
   * @param payments acked, or given up after the second attempt
   * @param shipments acked
   * @param quotes answered
   */
  record Progress(int orders, int payments, int shipments, int quotes) {

    static Progress of(DemoStats s) {
      return new Progress(
          s.get("orders acked") + s.get("orders dropped") + s.get("orders dead-lettered"),
          s.get("payments acked") + s.get("payments dead-lettered"),
          s.get("shipments acked"),
          s.get("quotes answered"));
    }

    String line(Progress total) {
      return "orders %d/%d   payments %d/%d   shipments %d/%d   quotes %d/%d"
          .formatted(
              orders,
              total.orders,
              payments,
              total.payments,
              shipments,
              total.shipments,
              quotes,
              total.quotes);
    }
  }

  /** What the consumers should decide, by their own rules, for what the demo publishes. */
  record Expected(Map<String, Integer> decisions) {

    static Expected compute() {
      Map<Order.Kind, Long> orders =
          IntStream.rangeClosed(1, ORDERS)
              .mapToObj(Order::number)
              .collect(
                  java.util.stream.Collectors.groupingBy(
                      Order::kind, java.util.stream.Collectors.counting()));
      int declined =
          (int)
              IntStream.rangeClosed(1, PAYMENTS).filter(i -> new Payment(i, 0).declined()).count();
      int delayed =
          (int)
              IntStream.rangeClosed(1, SHIPMENTS)
                  .filter(i -> ("parcel-" + i).endsWith("1"))
                  .count();
      return new Expected(
          Map.of(
              "orders acked",
              (int)
                  (orders.getOrDefault(Order.Kind.FINE, 0L)
                      + orders.getOrDefault(Order.Kind.BUSY, 0L)),
              "orders retried once",
              orders.getOrDefault(Order.Kind.BUSY, 0L).intValue(),
              "orders dead-lettered",
              orders.getOrDefault(Order.Kind.POISON, 0L).intValue(),
              "orders dropped",
              orders.getOrDefault(Order.Kind.INVALID, 0L).intValue(),
              "payments acked",
              PAYMENTS - declined,
              "payments dead-lettered",
              declined,
              "shipments delayed once",
              delayed,
              "shipments acked",
              SHIPMENTS,
              "quotes answered",
              QUOTES));
    }

    int of(String decision) {
      return decisions.get(decision);
    }

    Progress progress() {
      return new Progress(
          of("orders acked") + of("orders dropped") + of("orders dead-lettered"),
          of("payments acked") + of("payments dead-lettered"),
          of("shipments acked"),
          of("quotes answered"));
    }
  }

  /** The ready messages of each queue, from passive declares. */
  record Broker(Map<String, Long> ready) {

    static Broker read(Channel channel, List<String> queues) throws java.io.IOException {
      Map<String, Long> ready = new java.util.HashMap<>();
      for (String queue : queues) {
        ready.put(queue, (long) channel.queueDeclarePassive(queue).getMessageCount());
      }
      return new Broker(ready);
    }

    long of(String queue) {
      return ready.get(queue);
    }
  }

  /** The expected numbers next to the consumers', the publisher's and the broker's. */
  record Verdict(
      Expected expected,
      Map<String, Integer> decided,
      Results results,
      boolean finished,
      Broker broker,
      int orderDeadLetters,
      int paymentDeadLetters) {

    Verdict(
        Expected expected,
        Map<String, Integer> decided,
        Results results,
        boolean finished,
        Broker broker) {
      this(expected, decided, results, finished, broker, -1, -1);
    }

    Verdict withDeadLetters(int orders, int payments) {
      return new Verdict(expected, decided, results, finished, broker, orders, payments);
    }

    private int count(String decision) {
      return decided.getOrDefault(decision, 0);
    }

    private List<Row> rows() {
      List<Row> rows = new ArrayList<>();
      for (String decision :
          List.of(
              "orders acked",
              "orders retried once",
              "orders dropped",
              "payments acked",
              "shipments delayed once",
              "shipments acked",
              "quotes answered")) {
        rows.add(new Row(decision, expected.of(decision), count(decision), null));
      }
      rows.add(
          new Row(
              "orders dead-lettered (3rd attempt, Warren)",
              expected.of("orders dead-lettered"),
              count("orders dead-lettered"),
              (long) orderDeadLetters));
      rows.add(
          new Row(
              "payments dead-lettered (2nd, the broker)",
              expected.of("payments dead-lettered"),
              count("payments dead-lettered"),
              (long) paymentDeadLetters));
      for (String queue :
          List.of(
              Handlers.ORDERS, Handlers.PAYMENTS, Handlers.SHIPMENTS, Handlers.SHIPMENTS_WAIT)) {
        rows.add(new Row("messages left in " + queue, 0, null, broker.of(queue)));
      }
      rows.add(
          new Row("publishes confirmed", ORDERS + PAYMENTS + SHIPMENTS, results.confirmed, null));
      rows.add(new Row("publishes reported unroutable", 1, results.unroutable, null));
      rows.add(new Row("right replies to quote requests", QUOTES, results.replies, null));
      return rows;
    }

    boolean ok() {
      return finished
          && rows().stream().filter(r -> r.broker == null || r.broker >= 0).allMatch(Row::agrees);
    }

    void print() {
      String format = "  %-46s %8s %8s %8s  %s%n";
      System.out.println();
      System.out.printf(format, "", "expected", "consumer", "broker", "");
      boolean all = finished;
      for (Row row : rows()) {
        all &= row.agrees();
        System.out.printf(
            format,
            row.label,
            row.expected,
            row.actual == null ? "" : row.actual,
            row.broker == null ? "" : row.broker,
            row.agrees() ? "ok" : "MISMATCH");
      }
      System.out.println();
      System.out.println(
          all
              ? "OK: the broker holds what the consumers decided"
              : "MISMATCH: the broker does not hold what the consumers decided");
    }

    /** One line of the table; {@code null} where a column does not apply. */
    record Row(String label, int expected, Integer actual, Long broker) {
      boolean agrees() {
        return (actual == null || actual == expected) && (broker == null || broker == expected);
      }
    }
  }
}
