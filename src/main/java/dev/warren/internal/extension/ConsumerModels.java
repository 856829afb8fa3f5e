package dev.warren.internal.extension;

import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.config.WarrenConfig.Setting;
import dev.warren.internal.logging.Messages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds the immutable {@link ConsumerModel} of each discovered method: its shape, then its
 * settings (config over annotation), then the checks that span consumers. Runs once, in deployment
 * validation; every problem goes to the collector.
 */
final class ConsumerModels {

  private ConsumerModels() {}

  static List<ConsumerModel> build(
      List<DiscoveredConsumer> discovered,
      WarrenConfig config,
      GlobalSettings global,
      Consumer<String> problems) {
    List<ConsumerModel> models = new ArrayList<>();
    Map<String, String> names = new HashMap<>();
    for (DiscoveredConsumer found : discovered) {
      String name = found.name();
      String other = names.putIfAbsent(name, found.where());
      if (other != null) {
        problems.accept(Messages.duplicateName(name, found.where(), other));
        continue;
      }
      ConsumerModel model = model(found, name, config, global, problems);
      if (model != null) {
        models.add(model);
      }
    }
    return List.copyOf(models);
  }

  private static ConsumerModel model(
      DiscoveredConsumer found,
      String name,
      WarrenConfig config,
      GlobalSettings global,
      Consumer<String> problems) {
    String where = found.where();
    RabbitConsumer a = found.annotation();
    Counting counting = new Counting(problems);

    HandlerShape shape = HandlerShape.of(found.method(), name, where, counting);
    String queue =
        config
            .consumer(name, WarrenConfig.CONSUMER_QUEUE, a.queue(), WarrenConfig::nonBlank)
            .value();
    if (queue.isBlank()) {
      counting.accept(Messages.blankQueue(name, where));
    }
    QueueType type =
        config
            .consumer(
                name, WarrenConfig.CONSUMER_QUEUE_TYPE, a.queueType(), WarrenConfig::parseQueueType)
            .value();
    Setting<Integer> prefetch =
        config.consumer(name, WarrenConfig.CONSUMER_PREFETCH, a.prefetch(), WarrenConfig::parseInt);
    if (prefetch.value() < 1) {
      counting.accept(
          Messages.invalidSetting(
              name,
              where,
              "prefetch",
              prefetch.value(),
              prefetch.source(),
              "set it to 1 or more (0 would mean unlimited on the wire)"));
    }
    Setting<Integer> concurrency =
        config.consumer(
            name, WarrenConfig.CONSUMER_CONCURRENCY, a.concurrency(), WarrenConfig::parseInt);
    if (concurrency.value() < 1) {
      counting.accept(
          Messages.invalidSetting(
              name,
              where,
              "concurrency",
              concurrency.value(),
              concurrency.source(),
              "set it to 1 or more"));
    }
    boolean declare =
        config
            .consumer(
                name,
                WarrenConfig.CONSUMER_DECLARE_TOPOLOGY,
                global.declareTopology(),
                WarrenConfig::parseBoolean)
            .value();
    boolean enabled =
        config
            .consumer(name, WarrenConfig.CONSUMER_ENABLED, true, WarrenConfig::parseBoolean)
            .value();
    if (shape == null || counting.count > 0) {
      return null;
    }
    return new ConsumerModel(
        name,
        where,
        found.bean(),
        shape,
        queue,
        type,
        prefetch.value(),
        concurrency.value(),
        declare,
        enabled);
  }

  /** Passes problems on and counts those of one consumer. */
  private static final class Counting implements Consumer<String> {
    private final Consumer<String> target;
    private int count;

    Counting(Consumer<String> target) {
      this.target = target;
    }

    @Override
    public void accept(String problem) {
      count++;
      target.accept(problem);
    }
  }
}
