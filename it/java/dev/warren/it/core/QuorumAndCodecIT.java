package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A quorum consumer declared by Warren (declare-topology for that consumer only) retries with a
 * plain requeue and reads its attempt number from the server's count; an application Codec bean
 * replaces JSON-B.
 */
@Tag("container")
class QuorumAndCodecIT extends WarrenIT {

  static final String QUORUM = "warren.it.quorum";
  static final String CODEC = "warren.it.codec";

  @BeforeDeployment
  static void prepare() {
    Broker.get().deleteQueue(QUORUM);
    Broker.get().forget(QUORUM).queue(CODEC);
    TestConfig.set("warren.consumers." + QUORUM + ".declare-topology", "true");
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class, KeyValueCodec.class, Pair.class);
  }

  /** What the custom codec makes of {@code key=value}. */
  public record Pair(String key, String value) {}

  /** A codec for {@code key=value} bodies; as a bean it replaces JSON-B. */
  @ApplicationScoped
  public static class KeyValueCodec implements Codec {
    @Override
    public Object decode(byte[] body, Type type, Delivery delivery) {
      String[] parts = new String(body, StandardCharsets.UTF_8).split("=", 2);
      if (type != Pair.class || parts.length != 2) {
        throw new IllegalArgumentException("expected key=value");
      }
      return new Pair(parts[0], parts[1]);
    }

    @Override
    public byte[] encode(Object value) {
      Pair pair = (Pair) value;
      return (pair.key() + "=" + pair.value()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String contentType() {
      return "text/x-key-value";
    }
  }

  @ApplicationScoped
  public static class Handlers {
    static final List<Integer> ATTEMPTS = new CopyOnWriteArrayList<>();
    static final List<Pair> PAIRS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUORUM, queueType = QueueType.QUORUM)
    public Outcome quorum(String body, Delivery delivery) {
      ATTEMPTS.add(delivery.attempt());
      return delivery.attempt() < 3 ? Outcome.retry() : Outcome.ack();
    }

    @RabbitConsumer(queue = CODEC)
    public Outcome pair(Pair pair) {
      PAIRS.add(pair);
      return Outcome.ack();
    }
  }

  @Test
  void quorumRetryIsCountedByTheServerAndShownAsTheAttempt() {
    assertThat(Broker.get().exists(QUORUM)).isTrue();
    Broker.get().publish(QUORUM, "q-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.ATTEMPTS.size() == 3);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUORUM) == 0);
    assertThat(Handlers.ATTEMPTS).containsExactly(1, 2, 3);
  }

  @Test
  void declaredQuorumQueueHasTheQuorumType() {
    // redeclaring it as a classic queue is refused: the broker holds x-queue-type=quorum, and
    // (without a cap) no limit as the version spells it: -1 on RabbitMQ 4.x, none on 3.x
    Map<String, Object> declared =
        Broker.get().rabbitMq4()
            ? Map.of("x-queue-type", "quorum", "x-delivery-limit", -1)
            : Map.of("x-queue-type", "quorum");
    assertThat(Broker.get().redeclareRefused(QUORUM, Map.of())).isTrue();
    assertThat(Broker.get().redeclareRefused(QUORUM, declared)).isFalse();
  }

  @Test
  void applicationCodecBeanReplacesJsonb() {
    Broker.get().publish(CODEC, "colour=green");
    await().atMost(Duration.ofSeconds(10)).until(() -> Handlers.PAIRS.size() == 1);
    assertThat(Handlers.PAIRS).containsExactly(new Pair("colour", "green"));
  }
}
