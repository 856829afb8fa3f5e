package dev.warren.it.tls;

import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * A tiny Weld SE service run by {@link TlsIT} in a JVM whose trust store holds the test CA: it
 * publishes one message over {@code amqps://} (the URI is its argument), consumes it, says so and
 * whether Netty is on its class path, and exits 0.
 */
public final class TlsService {

  static final String QUEUE = "warren.it.tls";
  static final CountDownLatch RECEIVED = new CountDownLatch(1);

  private TlsService() {}

  @ApplicationScoped
  public static class Handler {
    @RabbitConsumer(queue = QUEUE)
    public void handle(String body) {
      System.out.println("RECEIVED " + body);
      RECEIVED.countDown();
    }
  }

  public static void main(String[] args) throws Exception {
    TestConfig.set("warren.uri", args[0]);
    TestConfig.set("warren.declare-topology", "true");
    try (WeldContainer container = WeldSe.start(Handler.class)) {
      container
          .select(Publisher.class)
          .get()
          .publish("", QUEUE, "over-tls")
          .toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      System.out.println("CONFIRMED");
      boolean received = RECEIVED.await(30, TimeUnit.SECONDS);
      System.out.println("NETTY " + (nettyPresent() ? "present" : "absent"));
      System.exit(received ? 0 : 1);
    }
  }

  private static boolean nettyPresent() {
    try {
      Class.forName("io.netty.channel.Channel");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
