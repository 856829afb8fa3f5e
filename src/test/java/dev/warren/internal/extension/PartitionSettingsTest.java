package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.warren.Argument;
import dev.warren.Binding;
import dev.warren.Delay;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.Partition;
import dev.warren.internal.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A partitioned consumer becomes one consumer per partition, each reading its own quorum queue with
 * a single active consumer; settings that would break a key's order or the routing are refused,
 * naming the setting and the fix.
 */
class PartitionSettingsTest {

  public static class Accounts {
    @RabbitConsumer(
        queue = "accounts",
        queueType = QueueType.QUORUM,
        partitions = 3,
        maxAttempts = 4,
        deadLetter = "accounts.dlq",
        delay = Delay.DLX_TTL,
        delayTiers = {"1s", "1m"})
    public Outcome onEvent(String body) {
      return Outcome.ack();
    }
  }

  public static class Ledger {
    @RabbitConsumer(queue = "ledger", queueType = QueueType.QUORUM)
    public Outcome onEntry(String body) {
      return Outcome.ack();
    }
  }

  public static class OnClassicInParallelAndBound {
    @RabbitConsumer(
        queue = "orders",
        partitions = 4,
        concurrency = 2,
        bindings = @Binding(exchange = "shop", routingKeys = "order.#"))
    public Outcome onOrder(String body) {
      return Outcome.ack();
    }
  }

  public static class OwnSingleActiveConsumer {
    @RabbitConsumer(
        queue = "payments",
        queueType = QueueType.QUORUM,
        partitions = 2,
        arguments =
            @Argument(
                name = "x-single-active-consumer",
                value = "false",
                type = Argument.Type.BOOLEAN))
    public Outcome onPayment(String body) {
      return Outcome.ack();
    }
  }

  private static List<ConsumerModel> models(Map<String, String> config, Class<?> bean) {
    return TestDeployments.of(List.of(), config, bean).consumers();
  }

  private static List<String> problems(Map<String, String> config, Class<?> bean) {
    return TestDeployments.problems(config, new ArrayList<>(), bean);
  }

  @Test
  void eachPartitionIsAConsumerOfItsOwnQueue() {
    List<ConsumerModel> partitions =
        models(Map.of("warren.declare-topology", "true"), Accounts.class);
    assertThat(partitions)
        .extracting(ConsumerModel::name)
        .containsExactly("accounts[0]", "accounts[1]", "accounts[2]");
    assertThat(partitions)
        .extracting(ConsumerModel::queue)
        .containsExactly("accounts.0", "accounts.1", "accounts.2");
    assertThat(partitions)
        .extracting(
            m -> m.partition().exchange(), m -> m.partition().index(), m -> m.partition().count())
        .containsExactly(tuple("accounts", 0, 3), tuple("accounts", 1, 3), tuple("accounts", 2, 3));
    ConsumerModel second = partitions.get(1);
    // a delayed retry waits in the partition's own wait queues and comes back to its partition
    assertThat(second.waitQueues()).containsExactly("accounts.retry.1s.1", "accounts.retry.1m.1");
    assertThat(Topology.waitQueueArguments(second))
        .containsEntry("x-dead-letter-routing-key", "accounts.1");
    // the cap and the dead letter queue are the consumer's
    assertThat(second.maxAttempts()).isEqualTo(4);
    assertThat(second.deadLetter()).isEqualTo("accounts.dlq");
    assertThat(Topology.queueArguments(second, BrokerVersion.parse("4.3.6")))
        .containsEntry("x-single-active-consumer", true)
        .containsEntry("x-queue-type", "quorum")
        .containsEntry("x-dead-letter-routing-key", "accounts.dlq");
  }

  @Test
  void eachPartitionCarriesThisInstancesPriorityForIt() {
    List<ConsumerModel> partitions =
        models(
            Map.of("warren.declare-topology", "true", "warren.instance-id", "node-a"),
            Accounts.class);
    assertThat(partitions)
        .extracting(m -> m.partition().priority())
        .containsExactly(
            Partition.priority("node-a", "accounts", 0),
            Partition.priority("node-a", "accounts", 1),
            Partition.priority("node-a", "accounts", 2));
  }

  @Test
  void configSetsTheCount() {
    assertThat(models(Map.of("warren.consumers.ledger.partitions", "2"), Ledger.class))
        .extracting(ConsumerModel::queue)
        .containsExactly("ledger.0", "ledger.1");
    assertThat(models(Map.of(), Ledger.class))
        .singleElement()
        .satisfies(m -> assertThat(m.partition()).isEqualTo(Partition.NONE));
  }

  @Test
  void aCountOutOfRangeIsRefused() {
    assertThat(problems(Map.of("warren.consumers.ledger.partitions", "257"), Ledger.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("WARREN-005 consumer 'ledger'")
                    .contains(
                        "partitions=257", "'warren.consumers.ledger.partitions'", "from 1 to 256"));
  }

  @Test
  void aClassicQueueParallelCallsAndBindingsAreRefused() {
    assertThat(problems(Map.of(), OnClassicInParallelAndBound.class))
        .hasSize(3)
        .anySatisfy(p -> assertThat(p).contains("partitions=4", "queueType=QUORUM"))
        .anySatisfy(p -> assertThat(p).contains("set concurrency=1 and raise partitions"))
        .anySatisfy(p -> assertThat(p).contains("remove bindings", "hashing exchange"));
  }

  @Test
  void theSingleActiveConsumerArgumentIsWarrens() {
    assertThat(problems(Map.of(), OwnSingleActiveConsumer.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("x-single-active-consumer"));
  }
}
