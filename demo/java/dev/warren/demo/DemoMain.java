package dev.warren.demo;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Runs the demo from start to finish: prepares the queues with the raw client, starts Weld SE with
 * the demo's beans and Warren's extension (which starts {@link OrderHandler}), publishes {@value
 * #ORDERS} confirmed orders, shows progress until the handler has finished every order, shuts the
 * container down (Warren drains what is in flight), and finally asks the broker whether it holds
 * what the handler decided. Exits with 0 only when it does.
 *
 * <p>The broker is {@code warren.uri} (default {@code amqp://guest:guest@localhost:5672/}), read
 * from MicroProfile Config like Warren reads it, so {@code -Dwarren.uri=...} moves both.
 */
public final class DemoMain {

  /** The queue the handler consumes. */
  static final String ORDERS_QUEUE = "warren.demo.orders";

  /** Where the orders queue dead-letters what the handler drops. */
  static final String DROPPED_QUEUE = "warren.demo.orders.dropped";

  /** How many orders the demo publishes. */
  static final int ORDERS = 300;

  private static final List<String> ITEMS = List.of("tea", "coffee", "scones", "jam", "honey");
  private static final Duration TIMEOUT = Duration.ofSeconds(45);
  private static final Duration BROKER_SETTLE = Duration.ofSeconds(5);
  private static final Logger WELD_LOG = Logger.getLogger("org.jboss.weld");
  private static final String DEFAULT_URI = "amqp://guest:guest@localhost:5672/";

  private DemoMain() {}

  /** Runs the demo; the exit code is 0 when the broker agrees with the handler, else 1. */
  public static void main(String[] args) {
    WELD_LOG.setLevel(Level.WARNING); // keep Weld's startup notes out of the demo's output
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

    try (Connection setup = factory.newConnection("warren-demo-setup")) {
      prepareQueues(setup);
    }

    Expected expected;
    DemoStats.Snapshot handled;
    boolean finished;
    // Discovery off: only the demo's beans, plus Warren's extension (see warrenExtensions)
    Weld weld = new Weld().disableDiscovery().addBeanClasses(OrderHandler.class, DemoStats.class);
    warrenExtensions().forEach(weld::addExtension);
    try (WeldContainer container = weld.initialize()) {
      DemoStats stats = container.select(DemoStats.class).get();
      try (Connection producer = factory.newConnection("warren-demo-producer")) {
        expected = publishOrders(producer);
      }
      System.out.printf("published %d orders (confirmed by the broker)%n", ORDERS);
      finished = awaitHandled(stats);
      handled = stats.snapshot();
      System.out.println("shutting down: Warren cancels its consumer and drains what is in flight");
    }

    Verdict verdict = check(factory, expected, handled, finished);
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

  /** Deletes and declares both queues, so every run starts from empty queues. */
  private static void prepareQueues(Connection connection) throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.queueDelete(ORDERS_QUEUE);
      channel.queueDelete(DROPPED_QUEUE);
      channel.queueDeclare(DROPPED_QUEUE, true, false, false, null);
      // the queue's own dead-letter route: what the handler drops lands in DROPPED_QUEUE
      channel.queueDeclare(
          ORDERS_QUEUE,
          true,
          false,
          false,
          Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DROPPED_QUEUE));
    }
    System.out.printf("prepared queues '%s' and '%s'%n", ORDERS_QUEUE, DROPPED_QUEUE);
  }

  /**
   * Publishes the orders with publisher confirms and {@code mandatory}, so that every one is known
   * to be on the queue: the broker confirms an unroutable message too, after returning it.
   *
   * @return what the handler should do with them
   */
  private static Expected publishOrders(Connection connection) throws Exception {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder()
            .contentType("application/json")
            .deliveryMode(2) // persistent
            .build();
    int acks = 0;
    int retries = 0;
    int drops = 0;
    try (Channel channel = connection.createChannel();
        Jsonb jsonb = JsonbBuilder.create()) {
      AtomicInteger returned = new AtomicInteger();
      channel.addReturnListener(unroutable -> returned.incrementAndGet());
      channel.confirmSelect();
      for (int id = 1; id <= ORDERS; id++) {
        // one order in 25 has quantity 0, an order no retry can fix
        int quantity = id % 25 == 7 ? 0 : 1 + id % 4;
        Order order = new Order(id, ITEMS.get(id % ITEMS.size()), quantity);
        if (!order.valid()) {
          drops++;
        } else {
          acks++;
          retries += OrderHandler.warehouseBusy(order) ? 1 : 0;
        }
        byte[] body = jsonb.toJson(order).getBytes(StandardCharsets.UTF_8);
        channel.basicPublish("", ORDERS_QUEUE, true, properties, body);
      }
      channel.waitForConfirmsOrDie(TimeUnit.SECONDS.toMillis(10));
      if (returned.get() > 0) {
        throw new IllegalStateException(returned + " orders were unroutable");
      }
    }
    return new Expected(acks, retries, drops);
  }

  /**
   * Shows a progress line until the handler has acked or dropped every order, or the timeout.
   *
   * @return whether every order was handled in time
   */
  private static boolean awaitHandled(DemoStats stats) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + TIMEOUT.toNanos();
    DemoStats.Snapshot now = stats.snapshot();
    while (now.handled() < ORDERS && System.nanoTime() - deadline < 0) {
      System.out.print("\r" + now.progress(ORDERS));
      System.out.flush();
      Thread.sleep(200);
      now = stats.snapshot();
    }
    System.out.println("\r" + now.progress(ORDERS));
    if (now.handled() < ORDERS) {
      System.out.printf("timed out after %ds%n", TIMEOUT.toSeconds());
      return false;
    }
    System.out.printf(
        "every order handled in %.1fs%n", (System.nanoTime() - start) / 1_000_000_000.0);
    return true;
  }

  /**
   * Asks the broker, on a fresh connection, how many messages each queue holds. Dead-lettering
   * happens inside the broker after the reject, so the counts get a few seconds to arrive.
   */
  private static Verdict check(
      ConnectionFactory factory, Expected expected, DemoStats.Snapshot handled, boolean finished)
      throws Exception {
    try (Connection connection = factory.newConnection("warren-demo-check");
        Channel channel = connection.createChannel()) {
      long deadline = System.nanoTime() + BROKER_SETTLE.toNanos();
      while (true) {
        Verdict verdict =
            new Verdict(
                expected,
                handled,
                finished,
                messageCount(channel, ORDERS_QUEUE),
                messageCount(channel, DROPPED_QUEUE));
        if (verdict.ok() || !finished || System.nanoTime() - deadline >= 0) {
          return verdict;
        }
        Thread.sleep(100);
      }
    }
  }

  /** The queue's ready messages, from a passive declare. */
  private static long messageCount(Channel channel, String queue) throws IOException {
    return channel.queueDeclarePassive(queue).getMessageCount();
  }

  /**
   * What the handler should decide for the published orders, by its own rules.
   *
   * @param acked valid orders: acked, some of them after one retry
   * @param retried valid orders that meet a busy warehouse on their first delivery
   * @param dropped invalid orders
   */
  private record Expected(int acked, int retried, int dropped) {}

  /**
   * The expected numbers next to the handler's and the broker's.
   *
   * @param expected what the handler should have decided
   * @param handled what the handler counted
   * @param finished whether every order was handled before the timeout
   * @param ordersLeft ready messages left in the orders queue
   * @param droppedHeld messages in the dead-letter queue
   */
  private record Verdict(
      Expected expected,
      DemoStats.Snapshot handled,
      boolean finished,
      long ordersLeft,
      long droppedHeld) {

    boolean ok() {
      return finished
          && handled.acked() == expected.acked()
          && handled.retried() == expected.retried()
          && handled.dropped() == expected.dropped()
          && ordersLeft == 0
          && droppedHeld == expected.dropped();
    }

    void print() {
      String row = "  %-40s %8s %8s %8s%n";
      System.out.println();
      System.out.printf(row, "", "expected", "handler", "broker");
      System.out.printf(row, "orders acked", expected.acked(), handled.acked(), "");
      System.out.printf(row, "orders retried once", expected.retried(), handled.retried(), "");
      System.out.printf(row, "orders dropped", expected.dropped(), handled.dropped(), "");
      System.out.printf(row, "messages in " + ORDERS_QUEUE, 0, "", ordersLeft);
      System.out.printf(row, "messages in " + DROPPED_QUEUE, expected.dropped(), "", droppedHeld);
      System.out.println();
      System.out.println(
          ok()
              ? "OK: the broker holds what the handler decided"
              : "MISMATCH: the broker does not hold what the handler decided");
    }
  }
}
