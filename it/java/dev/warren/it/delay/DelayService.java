package dev.warren.it.delay;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * A tiny Weld SE service run as a child process by {@link KillDuringDelayIT}. In mode {@code hold}
 * its handler asks for a 10-minute in-process delay and says so on stdout; in mode {@code ack} it
 * acks, prints what it handled, and exits.
 */
public final class DelayService {

  static final String QUEUE = "warren.it.delay.kill";
  static volatile String mode;
  static final CountDownLatch HANDLED = new CountDownLatch(1);

  private DelayService() {}

  @ApplicationScoped
  public static class Handler {
    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body, Delivery delivery) {
      if (mode.equals("hold")) {
        System.out.println("HOLDING " + body);
        return Outcome.retryAfter(Duration.ofMinutes(10));
      }
      System.out.println("HANDLED " + body + " redelivered=" + delivery.redelivered());
      HANDLED.countDown();
      return Outcome.ack();
    }
  }

  public static void main(String[] args) throws Exception {
    mode = args[0];
    WeldContainer container = WeldSe.start(Handler.class);
    System.out.println("STARTED");
    if (mode.equals("hold")) {
      Thread.sleep(Long.MAX_VALUE); // until killed
    }
    boolean handled = HANDLED.await(30, TimeUnit.SECONDS);
    container.shutdown();
    System.exit(handled ? 0 : 1);
  }
}
