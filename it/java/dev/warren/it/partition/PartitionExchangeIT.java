package dev.warren.it.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.Partition;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hashing exchange per version, on the broker under test: RabbitMQ 4.3 and later have {@code
 * x-modulus-hash} built in, and a partitioned consumer there keeps each key in one partition and in
 * order; before 4.3 the consistent-hash plugin must be enabled, and where it is not (the machine's
 * node and the 4.0.5 node of the suites), deployment fails naming the command that enables it,
 * while the broker closes only the probe's connection (3.10.8 closes a connection that declares an
 * unknown exchange type).
 */
class PartitionExchangeIT {

  static final String EXCHANGE = "warren.it.partition-exchange";
  static final int PARTITIONS = 3;

  WeldContainer container;
  WeldContainer other;

  record Call(String key, int number, String queue) {}

  @ApplicationScoped
  public static class Ledger {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = EXCHANGE, queueType = QueueType.QUORUM, partitions = PARTITIONS)
    public Outcome onEntry(String body, Delivery delivery) {
      String[] parts = body.split(":");
      CALLS.add(new Call(parts[0], Integer.parseInt(parts[1]), delivery.queue()));
      return Outcome.ack();
    }
  }

  /** The same partitioned consumer in a second application instance. */
  @ApplicationScoped
  public static class OtherInstance {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = EXCHANGE, queueType = QueueType.QUORUM, partitions = PARTITIONS)
    public Outcome onEntry(String body, Delivery delivery) {
      CALLS.add(new Call(body, 0, delivery.queue()));
      return Outcome.ack();
    }
  }

  @BeforeEach
  void clean() {
    Broker broker = Broker.get();
    broker.deleteExchange(EXCHANGE);
    for (int p = 0; p < PARTITIONS; p++) {
      broker.deleteQueue(EXCHANGE + "." + p);
    }
    TestConfig.set("warren.declare-topology", "true");
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
    }
    if (other != null) {
      other.shutdown();
    }
    TestConfig.clear();
    Ledger.CALLS.clear();
    OtherInstance.CALLS.clear();
  }

  /**
   * Two instances of the application: each partition is consumed by the instance whose priority for
   * it is higher, whichever subscribed first. RabbitMQ 3.13 and later let a higher priority take a
   * single active consumer's place; RabbitMQ 4.3 hashes without a plugin.
   */
  @Test
  void twoInstancesShareThePartitionsByTheirPriorities() throws Exception {
    Broker broker = Broker.get();
    Assumptions.assumeTrue(
        broker.atLeast(4, 3) || broker.atLeast(3, 13) && consistentHashEnabled(),
        "needs RabbitMQ 3.13+ (single active consumer priorities) and a hashing exchange");
    TestConfig.set("warren.instance-id", "instance-a");
    container = WeldSe.start(Ledger.class);
    TestConfig.set("warren.instance-id", "instance-b");
    other = WeldSe.start(OtherInstance.class);

    Set<String> expectedA = new HashSet<>();
    Set<String> expectedB = new HashSet<>();
    for (int p = 0; p < PARTITIONS; p++) {
      String queue = EXCHANGE + "." + p;
      boolean aWins =
          Partition.priority("instance-a", EXCHANGE, p)
              > Partition.priority("instance-b", EXCHANGE, p);
      (aWins ? expectedA : expectedB).add(queue);
    }
    // the broker switches to the higher priority once the one before has nothing unsettled: one
    // message per partition, sent to its queue directly, until each has reached the winner
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(300))
        .until(
            () -> {
              Ledger.CALLS.clear();
              OtherInstance.CALLS.clear();
              for (int p = 0; p < PARTITIONS; p++) {
                broker.publish(EXCHANGE + "." + p, "probe:0");
              }
              await()
                  .atMost(Duration.ofSeconds(5))
                  .until(() -> Ledger.CALLS.size() + OtherInstance.CALLS.size() == PARTITIONS);
              return queues(Ledger.CALLS).equals(expectedA)
                  && queues(OtherInstance.CALLS).equals(expectedB);
            });
    assertThat(expectedA).as("partitions instance-a wins").isNotEmpty();
    assertThat(expectedB).as("partitions instance-b wins").isNotEmpty();
  }

  private static Set<String> queues(List<Call> calls) {
    Set<String> queues = new HashSet<>();
    calls.forEach(call -> queues.add(call.queue()));
    return queues;
  }

  /** Whether the broker knows the consistent-hash exchange (its plugin is enabled). */
  private static boolean consistentHashEnabled() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(Broker.HOST);
    factory.setPort(Broker.PORT);
    String probe = EXCHANGE + ".probe";
    try (Connection connection = factory.newConnection("partition-exchange-it probe")) {
      Channel channel = connection.createChannel();
      channel.exchangeDeclare(probe, "x-consistent-hash", false, true, null);
      channel.exchangeDelete(probe);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void keysStayInOnePartitionInOrderWhereTheBrokerHashes() throws Exception {
    Broker broker = Broker.get();
    boolean hashes = broker.atLeast(4, 3) || consistentHashEnabled();
    if (!hashes) {
      String failure = WeldSe.deploymentFailure(Ledger.class);
      assertThat(failure)
          .contains(
              "WARREN-028",
              "consumer '" + EXCHANGE + "'",
              "partitions=3",
              "x-consistent-hash",
              "rabbitmq-plugins enable rabbitmq_consistent_hash_exchange");
      // only the probe's connection was closed: the broker still serves this one
      assertThat(broker.exists(EXCHANGE + ".0")).isTrue();
      return;
    }
    container = WeldSe.start(Ledger.class);
    Publisher publisher = container.select(Publisher.class).get();
    List<CompletableFuture<Void>> confirms = new ArrayList<>();
    for (int n = 1; n <= 20; n++) {
      for (int k = 0; k < 30; k++) {
        confirms.add(
            publisher.publish(EXCHANGE, "key-" + k, "key-" + k + ":" + n).toCompletableFuture());
      }
    }
    CompletableFuture.allOf(confirms.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    await().atMost(Duration.ofSeconds(30)).until(() -> Ledger.CALLS.size() >= 600);

    Map<String, List<Integer>> numbers = new HashMap<>();
    Map<String, Set<String>> queues = new HashMap<>();
    for (Call call : Ledger.CALLS) {
      numbers.computeIfAbsent(call.key(), k -> new ArrayList<>()).add(call.number());
      queues.computeIfAbsent(call.key(), k -> new HashSet<>()).add(call.queue());
    }
    assertThat(Ledger.CALLS).hasSize(600);
    List<Integer> inOrder = java.util.stream.IntStream.rangeClosed(1, 20).boxed().toList();
    numbers.forEach((key, got) -> assertThat(got).as("numbers of " + key).isEqualTo(inOrder));
    queues.forEach((key, got) -> assertThat(got).as("partitions of " + key).hasSize(1));
    assertThat(queues.values().stream().flatMap(Set::stream).distinct().count())
        .as("partitions that got keys")
        .isGreaterThan(1);
  }
}
