package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.NoOpMetricsCollector;
import io.smallrye.reactive.messaging.ClientCustomizer;
import io.vertx.rabbitmq.RabbitMQOptions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.Config;

/**
 * Counts the acks SmallRye's incoming channels have actually sent, through the RabbitMQ client's
 * metrics collector, which the client calls once a {@code basic.ack} frame is written.
 *
 * <p>Neither the handler's return nor {@code Message.ack()}'s completion says that: the connector's
 * ack (4.34.0, {@code IncomingRabbitMQMessage.acknowledgeMessage}) hands {@code basicAck} to a
 * Vert.x worker ({@code executeBlocking}, ordered on the channel's context) and completes without
 * waiting for it. When a run stopped at its count, the last acks were often still queued there, and
 * closing the container closed the channel from another context before they ran: the broker
 * requeued those messages (106 of 2,000 and 141 of 50,000 on the quorum queue). So the sides count
 * a message when its ack has gone out, and stop the container only then.
 *
 * <p>A CDI bean ({@link ClientCustomizer}) in the side's container; the run in progress is {@link
 * #current}, set before each container boots. The connector acks one delivery at a time ({@code
 * multiple=false}), so each call is one message.
 */
@ApplicationScoped
public class SmallRyeAcks implements ClientCustomizer<RabbitMQOptions> {

  /** The incoming channels whose acks are counted. */
  private static final Set<String> CHANNELS =
      Set.of(SmallRyeConsumer.CHANNEL, SmallRyeLatencyConsumer.CHANNEL);

  /** The run in progress; read when the container's client is created. */
  static volatile Sent current = new Sent(null);

  @Override
  public RabbitMQOptions customize(String channel, Config config, RabbitMQOptions options) {
    return CHANNELS.contains(channel) ? options.setMetricsCollector(current) : options;
  }

  /** One run's acks sent; each one also counts in the run's {@link Tally}, if it has one. */
  static final class Sent extends NoOpMetricsCollector {

    private final AtomicInteger count = new AtomicInteger();
    private final Tally tally;

    /**
     * @param tally counts each ack sent as a finished message, or {@code null}
     */
    Sent(Tally tally) {
      this.tally = tally;
    }

    @Override
    public void basicAck(Channel channel, long deliveryTag, boolean multiple) {
      count.incrementAndGet();
      if (tally != null) {
        tally.finished();
      }
    }

    /**
     * Waits until {@code expected} acks have been sent.
     *
     * @throws IllegalStateException if they have not after {@code timeoutSeconds}
     */
    void await(int expected, long timeoutSeconds, String what) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
      while (count.get() < expected) {
        if (System.nanoTime() - deadline > 0) {
          throw new IllegalStateException(
              what
                  + ": "
                  + count.get()
                  + " of "
                  + expected
                  + " acks sent in "
                  + timeoutSeconds
                  + "s");
        }
        Thread.sleep(5);
      }
    }
  }
}
