package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Each delivery runs in a request context of its own, and its metadata reaches the handler. */
@Tag("container")
class RequestScopeIT extends WarrenIT {

  static final String QUEUE = "warren.it.request-scope";

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(QUEUE);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(PerDelivery.class, Handler.class);
  }

  /** A request-scoped bean with an identity. */
  @RequestScoped
  public static class PerDelivery {
    private final String id = UUID.randomUUID().toString();
    private int uses;

    public String id() {
      return id;
    }

    public int use() {
      return ++uses;
    }
  }

  /** Records the request-scoped bean's identity and the delivery metadata. */
  @ApplicationScoped
  public static class Handler {
    static final List<String> IDS = new CopyOnWriteArrayList<>();

    /** The bean's use counts within each delivery, one entry per delivery. */
    static final List<List<Integer>> USES = new CopyOnWriteArrayList<>();

    static final List<Delivery> DELIVERIES = new CopyOnWriteArrayList<>();

    @Inject PerDelivery perDelivery;

    @RabbitConsumer(queue = QUEUE, concurrency = 2)
    public Outcome handle(byte[] body, Delivery delivery) {
      IDS.add(perDelivery.id());
      // one entry per delivery: with concurrency 2, two deliveries' adds would interleave
      USES.add(List.of(perDelivery.use(), perDelivery.use()));
      DELIVERIES.add(delivery);
      return Outcome.ack();
    }
  }

  @Test
  void requestScopedBeanIsFreshForEveryDelivery() {
    for (int i = 0; i < 10; i++) {
      Broker.get().publish(QUEUE, "m" + i, Map.of("n", i));
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> Handler.IDS.size() >= 10);
    assertThat(Handler.IDS).doesNotHaveDuplicates();
    // within one delivery the same instance is used: 1 then 2, every time
    assertThat(Handler.USES).hasSizeGreaterThanOrEqualTo(10).allMatch(List.of(1, 2)::equals);
  }

  @Test
  void deliveryMetadataReachesTheHandler() {
    Broker.get().publish(QUEUE, "meta", Map.of("tenant", "acme"));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> Handler.DELIVERIES.stream().anyMatch(d -> new String(d.body()).equals("meta")));
    Delivery d =
        Handler.DELIVERIES.stream()
            .filter(x -> new String(x.body()).equals("meta"))
            .findFirst()
            .orElseThrow();
    assertThat(d.queue()).isEqualTo(QUEUE);
    assertThat(d.consumerName()).isEqualTo(QUEUE);
    assertThat(d.exchange()).isEmpty();
    assertThat(d.routingKey()).isEqualTo(QUEUE);
    assertThat(d.redelivered()).isFalse();
    assertThat(d.attempt()).isEqualTo(1);
    assertThat(d.deliveryTag()).isPositive();
    assertThat(d.headers().get("tenant").toString()).isEqualTo("acme");
    assertThat(d.persistent()).isTrue();
    assertThat(d.rawProperties().getDeliveryMode()).isEqualTo(2);
  }
}
