package dev.warren.internal.topology;

import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.Partition;
import java.util.List;
import java.util.Map;

/**
 * What a partitioned consumer adds to its partitions' topology: the hashing exchange, each
 * partition queue's binding to it, and the check that the partition count matches the queues that
 * exist. Partition 0 declares (or checks) the exchange and the count, before its queue is declared;
 * every partition binds its own queue.
 */
final class PartitionTopology {

  private PartitionTopology() {}

  /**
   * The hashing exchange ({@link BrokerVersion#partitionExchangeType()}) and the binding of the
   * partition's queue to it: the consistent-hash exchange takes the binding key as the queue's
   * weight ("1": equal shares), the modulus-hash exchange ignores it. Before 4.3 the type is a
   * plugin's, so the declare runs on a throwaway connection, as for the delayed exchange.
   */
  static void exchange(
      Topology topology, ConsumerModel model, BrokerVersion version, List<String> problems) {
    Partition partition = model.partition();
    String exchange = partition.exchange();
    String what = "partition exchange '" + exchange + "'";
    boolean first = partition.index() == 0;
    if (!model.declareTopology()) {
      if (first) {
        topology.step(model, what, ch -> ch.exchangeDeclarePassive(exchange), problems);
      }
      return;
    }
    if (!first
        || topology.pluginExchange(
            model,
            what,
            exchange,
            version.partitionExchangeType(),
            Map.of(),
            reason ->
                DeclarationMessages.partitionExchangeMissing(
                    consumer(model), model.where(), partition.count(), version.text(), reason),
            problems)) {
      topology.step(
          model,
          "the binding of queue '" + model.queue() + "' to " + what,
          ch -> ch.queueBind(model.queue(), exchange, "1"),
          problems);
    }
  }

  private static String consumer(ConsumerModel model) {
    return Partition.consumer(model.name());
  }

  /**
   * The partition count against the queues that exist: {@code <exchange>.<count>} must not exist,
   * and with declare-topology {@code <exchange>.0} must not exist without {@code
   * <exchange>.<count-1>}. A new count remaps keys, so the queues of the old one must be drained
   * and deleted first.
   */
  static void checkCount(
      Topology topology, ConsumerModel model, String vhost, List<String> problems) {
    String exchange = model.partition().exchange();
    int count = model.partition().count();
    String beyond = Partition.queue(exchange, count);
    String last = Partition.queue(exchange, count - 1);
    if (topology.exists(beyond)) {
      problems.add(
          DeclarationMessages.partitionsChanged(
              consumer(model), model.where(), count, beyond, "exists", vhost, exchange, "more"));
    } else if (model.declareTopology()
        && count > 1
        && topology.exists(Partition.queue(exchange, 0))
        && !topology.exists(last)) {
      problems.add(
          DeclarationMessages.partitionsChanged(
              consumer(model),
              model.where(),
              count,
              last,
              "does not exist",
              vhost,
              exchange,
              "fewer"));
    }
  }
}
