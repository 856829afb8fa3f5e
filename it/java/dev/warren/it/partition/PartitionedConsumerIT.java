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
import dev.warren.it.support.OwnNode;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A partitioned consumer on RabbitMQ 3.10.8 with the consistent-hash plugin (a node of the test's
 * own, node 34, port 5714; {@code -Dwarren.it.partitions.node}): Warren declares the hashing
 * exchange and one quorum queue with a single active consumer per partition; every key goes to one
 * partition, a key's messages are handled in the order they were published while the partitions run
 * in parallel, and a deployment with another partition count than the queues that exist is refused.
 */
@Tag("own-node")
class PartitionedConsumerIT {

  static final String EXCHANGE = "warren.it.partitions";
  static final int PARTITIONS = 4;
  static final OwnNode NODE = new OwnNode(Integer.getInteger("warren.it.partitions.node", 34));

  WeldContainer container;

  /** One call: the key, its number within the key, the partition queue it came from. */
  record Call(String key, int number, String queue, String consumer) {}

  @ApplicationScoped
  public static class Accounts {
    static final List<Call> CALLS = new CopyOnWriteArrayList<>();
    static final AtomicInteger RUNNING = new AtomicInteger();
    static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();

    @RabbitConsumer(queue = EXCHANGE, queueType = QueueType.QUORUM, partitions = PARTITIONS)
    public Outcome onEvent(String body, Delivery delivery) throws InterruptedException {
      int running = RUNNING.incrementAndGet();
      MOST_AT_ONCE.accumulateAndGet(running, Math::max);
      try {
        String[] parts = body.split(":");
        CALLS.add(
            new Call(
                parts[0], Integer.parseInt(parts[1]), delivery.queue(), delivery.consumerName()));
        Thread.sleep(1); // long enough for the partitions' calls to overlap
        return Outcome.ack();
      } finally {
        RUNNING.decrementAndGet();
      }
    }
  }

  @BeforeAll
  static void startNode() {
    NODE.start("plugin:rabbitmq_consistent_hash_exchange");
  }

  @AfterAll
  static void stopNode() {
    NODE.down();
  }

  /** Each test starts without the exchange and the queues a test before may have left. */
  @BeforeEach
  void clean() throws Exception {
    try (Connection connection = raw();
        Channel channel = connection.createChannel()) {
      channel.exchangeDelete(EXCHANGE);
      for (int p = 0; p < 8; p++) {
        channel.queueDelete(EXCHANGE + "." + p);
      }
    }
  }

  @AfterEach
  void undeploy() {
    if (container != null) {
      container.shutdown();
      container = null;
    }
    TestConfig.clear();
    Accounts.CALLS.clear();
  }

  private void deploy(int partitions) {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.consumers." + EXCHANGE + ".partitions", Integer.toString(partitions));
  }

  /** Deploys and undeploys: the exchange and the partitions' queues stay on the broker. */
  private void declare(int partitions) {
    deploy(partitions);
    WeldSe.start(Accounts.class).shutdown();
  }

  /** Publishes {@code perKey} numbered messages for each of {@code keys} keys, interleaved. */
  private static void publish(Publisher publisher, int keys, int perKey) throws Exception {
    List<CompletableFuture<Void>> confirms = new ArrayList<>();
    for (int n = 1; n <= perKey; n++) {
      for (int k = 0; k < keys; k++) {
        confirms.add(
            publisher.publish(EXCHANGE, "key-" + k, "key-" + k + ":" + n).toCompletableFuture());
      }
    }
    CompletableFuture.allOf(confirms.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
  }

  private static Connection raw() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(NODE.uri().replaceAll("/$", ""));
    return factory.newConnection("partitioned-consumer-it");
  }

  @Test
  void everyKeyGoesToOnePartitionInTheOrderItWasPublished() throws Exception {
    declare(PARTITIONS); // then nobody consumes: read the queues as the broker filled them
    try (Connection connection = raw();
        Channel channel = connection.createChannel()) {
      channel.confirmSelect();
      for (int n = 1; n <= 10; n++) {
        for (int k = 0; k < 40; k++) {
          channel.basicPublish(
              EXCHANGE,
              "key-" + k,
              true,
              null,
              ("key-" + k + ":" + n).getBytes(StandardCharsets.UTF_8));
        }
      }
      channel.waitForConfirmsOrDie(30_000);
    }

    Map<String, String> partitionOfKey = new HashMap<>();
    Map<String, Integer> lastOfKey = new HashMap<>();
    int total = 0;
    Set<String> used = new HashSet<>();
    try (Connection connection = raw();
        Channel channel = connection.createChannel()) {
      for (int p = 0; p < PARTITIONS; p++) {
        String queue = EXCHANGE + "." + p;
        // a quorum queue with a single active consumer refuses basic.get: subscribe instead
        int ready = channel.queueDeclarePassive(queue).getMessageCount();
        BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
        String tag =
            channel.basicConsume(
                queue,
                true,
                (consumerTag, message) ->
                    bodies.add(new String(message.getBody(), StandardCharsets.UTF_8)),
                consumerTag -> {});
        for (int i = 0; i < ready; i++) {
          String[] parts = bodies.poll(10, TimeUnit.SECONDS).split(":");
          String other = partitionOfKey.putIfAbsent(parts[0], queue);
          assertThat(other == null ? queue : other).as("partition of " + parts[0]).isEqualTo(queue);
          int number = Integer.parseInt(parts[1]);
          assertThat(number)
              .as("order of " + parts[0])
              .isGreaterThan(lastOfKey.getOrDefault(parts[0], 0));
          lastOfKey.put(parts[0], number);
          used.add(queue);
          total++;
        }
        channel.basicCancel(tag);
      }
    }
    assertThat(total).isEqualTo(400);
    assertThat(partitionOfKey).hasSize(40);
    assertThat(used).as("partitions that got keys").hasSizeGreaterThan(1);
  }

  @Test
  void theHandlerSeesEachKeyInOrderWhileThePartitionsRunInParallel() throws Exception {
    deploy(PARTITIONS);
    container = WeldSe.start(Accounts.class);
    publish(container.select(Publisher.class).get(), 50, 40);
    await().atMost(Duration.ofSeconds(60)).until(() -> Accounts.CALLS.size() >= 2_000);

    Map<String, List<Integer>> numbers = new ConcurrentHashMap<>();
    Map<String, Set<String>> queues = new HashMap<>();
    for (Call call : Accounts.CALLS) {
      numbers.computeIfAbsent(call.key(), k -> new ArrayList<>()).add(call.number());
      queues.computeIfAbsent(call.key(), k -> new HashSet<>()).add(call.queue());
      assertThat(call.consumer())
          .isEqualTo(EXCHANGE + "[" + call.queue().substring(EXCHANGE.length() + 1) + "]");
    }
    assertThat(Accounts.CALLS).hasSize(2_000);
    assertThat(numbers).hasSize(50);
    List<Integer> inOrder = java.util.stream.IntStream.rangeClosed(1, 40).boxed().toList();
    numbers.forEach((key, got) -> assertThat(got).as("numbers of " + key).isEqualTo(inOrder));
    queues.forEach((key, got) -> assertThat(got).as("partitions of " + key).hasSize(1));
    assertThat(Accounts.MOST_AT_ONCE.get()).as("calls at once").isGreaterThan(1);
  }

  @Test
  void anotherCountThanTheQueuesThatExistIsRefused() {
    declare(PARTITIONS);

    deploy(PARTITIONS - 1);
    assertThat(WeldSe.deploymentFailure(Accounts.class))
        .contains(
            "WARREN-029",
            "partitions=3",
            "queue '" + EXCHANGE + ".3' exists",
            "more partitions",
            "delete the exchange and those queues");

    deploy(PARTITIONS + 2);
    assertThat(WeldSe.deploymentFailure(Accounts.class))
        .contains(
            "WARREN-029",
            "partitions=6",
            "queue '" + EXCHANGE + ".5' does not exist",
            "fewer partitions");
  }

  @Test
  void withoutDeclaringTheExchangeAndQueuesMustExist() {
    TestConfig.set("warren.uri", NODE.uri());
    TestConfig.set("warren.declare-topology", "false");
    TestConfig.set("warren.consumers." + EXCHANGE + ".partitions", "2");
    TestConfig.set("warren.consumers." + EXCHANGE + ".queue", "warren.it.partitions.absent");
    assertThat(WeldSe.deploymentFailure(Accounts.class))
        .contains(
            "partition exchange 'warren.it.partitions.absent'",
            "queue 'warren.it.partitions.absent.0'",
            "queue 'warren.it.partitions.absent.1'");
  }
}
