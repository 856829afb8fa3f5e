package dev.warren.internal.extension;

import dev.warren.Binding;
import dev.warren.Delay;
import dev.warren.DelayedRetryType;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.config.Durations;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.config.WarrenConfig.Setting;
import dev.warren.internal.interceptor.Interpreted;
import dev.warren.internal.logging.ConsumingMessages;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.logging.InterceptorMessages;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerModel.BindingModel;
import dev.warren.internal.model.ConsumerModel.RetryTarget;
import dev.warren.internal.model.ConsumerTimeouts;
import dev.warren.internal.model.HandlerShape;
import dev.warren.internal.model.Partition;
import dev.warren.internal.rules.AnnotationDefaults;
import dev.warren.internal.rules.ConsumerRules;
import dev.warren.internal.settlement.DelayLimits;
import dev.warren.internal.settlement.DelayTier;
import dev.warren.internal.settlement.DelayedRetry;
import dev.warren.internal.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Builds the immutable {@link ConsumerModel} of each discovered method: its shape, then its
 * settings (config over annotation), then the rules that tie settings together (SPEC sections 3 and
 * 6). Runs once, in deployment validation; every problem goes to the collector, every warning to
 * the log, those about the broker's consumer_timeout ({@code WARREN-123}) apart: whether they are
 * true depends on the broker's version, known only once the topology was checked.
 */
final class ConsumerModels {

  private static final RetryPublisher DEFAULT_RETRY_PUBLISHER =
      AnnotationDefaults.of(RabbitConsumer.class, "retryPublisher", RetryPublisher.class);

  private ConsumerModels() {}

  static List<ConsumerModel> build(
      List<DiscoveredConsumer> discovered,
      WarrenConfig config,
      GlobalSettings global,
      Consumer<String> problems,
      Consumer<String> warnings,
      Consumer<String> consumerTimeoutWarnings) {
    List<ConsumerModel> models = new ArrayList<>();
    Map<String, String> names = new HashMap<>();
    for (DiscoveredConsumer found : discovered) {
      String name = found.name();
      String other = names.putIfAbsent(name, found.where());
      if (other != null) {
        problems.accept(DeclarationMessages.duplicateName(name, found.where(), other));
        continue;
      }
      ConsumerModel model =
          model(found, name, config, global, problems, warnings, consumerTimeoutWarnings);
      if (model != null && model.partition().partitioned()) {
        models.addAll(Partitions.expand(model, global.instanceId()));
      } else if (model != null) {
        models.add(model);
      }
    }
    return List.copyOf(models);
  }

  @SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working
  private static ConsumerModel model(
      DiscoveredConsumer found,
      String name,
      WarrenConfig config,
      GlobalSettings global,
      Consumer<String> problems,
      Consumer<String> warnings,
      Consumer<String> consumerTimeoutWarnings) {
    String where = found.where();
    RabbitConsumer a = found.annotation();
    Counting counting = new Counting(problems);
    Setting<Integer> batchSizeSetting =
        config.consumer(
            name, WarrenConfig.CONSUMER_BATCH_SIZE, a.batchSize(), WarrenConfig::parseInt);
    int batchSize = batchSizeSetting.value();
    ConsumerRules.batchSize(name, where, batchSize, batchSizeSetting.source(), counting);
    Duration batchWait = batchWait(config, name, where, a.batchWait(), counting);

    HandlerShape shape = HandlerShape.of(found.method(), name, where, batchSize, counting);
    if (shape != null && !found.intercepted()) {
      // a shape that passed is public and not static
      String obstacle = Interception.obstacle(found.bean().getBeanClass(), found.method());
      counting.accept(
          InterceptorMessages.notInterceptable(
              name,
              where,
              obstacle != null
                  ? obstacle
                  : "the binding '"
                      + Interpreted.class.getName()
                      + "' that Warren's extension adds is missing (another portable extension"
                      + " removed it); leave it on @RabbitConsumer methods"));
    }
    String queue =
        config
            .consumer(name, WarrenConfig.CONSUMER_QUEUE, a.queue(), WarrenConfig::nonBlank)
            .value();
    ConsumerRules.queue(name, where, queue, counting);
    QueueType type =
        config
            .consumer(
                name, WarrenConfig.CONSUMER_QUEUE_TYPE, a.queueType(), WarrenConfig::parseQueueType)
            .value();
    Setting<Integer> prefetchSetting =
        config.consumer(name, WarrenConfig.CONSUMER_PREFETCH, a.prefetch(), WarrenConfig::parseInt);
    int prefetch = prefetchSetting.value();
    ConsumerRules.prefetch(name, where, prefetch, prefetchSetting.source(), counting);
    ConsumerRules.prefetchOnTheWire(name, where, prefetch, prefetchSetting.source(), counting);
    Setting<Integer> concurrencySetting =
        config.consumer(
            name, WarrenConfig.CONSUMER_CONCURRENCY, a.concurrency(), WarrenConfig::parseInt);
    int concurrency = concurrencySetting.value();
    ConsumerRules.concurrency(name, where, concurrency, concurrencySetting.source(), counting);
    ConsumerRules.batchWithinPrefetch(name, where, batchSize, prefetch, counting);
    Setting<Integer> maxAttemptsSetting =
        config.consumer(
            name, WarrenConfig.CONSUMER_MAX_ATTEMPTS, a.maxAttempts(), WarrenConfig::parseInt);
    int maxAttempts = maxAttemptsSetting.value();
    ConsumerRules.maxAttempts(name, where, maxAttempts, maxAttemptsSetting.source(), counting);
    String deadLetter =
        config
            .consumer(name, WarrenConfig.CONSUMER_DEAD_LETTER, a.deadLetter(), String::trim)
            .value()
            .trim();
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
    Setting<Integer> partitionsSetting =
        config.consumer(
            name, WarrenConfig.CONSUMER_PARTITIONS, a.partitions(), WarrenConfig::parseInt);
    boolean partitioned =
        ConsumerRules.partitions(
            name,
            where,
            partitionsSetting.value(),
            partitionsSetting.source(),
            type == QueueType.QUORUM,
            concurrency,
            a.bindings().length,
            counting);
    Set<String> reserved = new HashSet<>(Set.of(Topology.QUEUE_TYPE));
    if (partitioned) {
      reserved.add(Topology.SINGLE_ACTIVE_CONSUMER);
    }
    if (type == QueueType.QUORUM && maxAttempts > 0) {
      reserved.addAll(Set.of(Topology.DEAD_LETTER_EXCHANGE, "x-dead-letter-routing-key"));
    }
    Map<String, Object> arguments =
        QueueArguments.arguments(a.arguments(), reserved, name, where, counting);
    DeliveryLimit deliveryLimit =
        QueueArguments.deliveryLimit(
            config, a.arguments(), type, maxAttempts, declare, name, where, counting);
    if (deliveryLimit.kind() == DeliveryLimit.Kind.LIMIT
        && !arguments.containsKey(Topology.DEAD_LETTER_EXCHANGE)) {
      warnings.accept(
          DeclarationMessages.limitWithoutRoute(name, where, queue, deliveryLimit.returns()));
    }
    RetryPublisher retryPublisher = a.retryPublisher();
    boolean quorum = type == QueueType.QUORUM;
    if (ConsumerRules.quorumPair(name, where, quorum, maxAttempts, deadLetter, counting)
        && quorum
        && maxAttempts > 0
        && !declare) {
      counting.accept(
          DeclarationMessages.quorumCapNeedsDeclare(name, where, queue, maxAttempts, deadLetter));
    }
    // the values in force: a retry publisher written with the defaults changes nothing
    ConsumerRules.retryPublisher(
        name, where, quorum, !retryPublisher.equals(DEFAULT_RETRY_PUBLISHER), counting);
    if (!quorum && maxAttempts > 0 && deadLetter.isEmpty()) {
      warnings.accept(DeclarationMessages.capWithoutDeadLetter(name, where, maxAttempts));
    } else if (!quorum && maxAttempts == 0 && !deadLetter.isEmpty()) {
      warnings.accept(DeclarationMessages.deadLetterWithoutCap(name, where, deadLetter));
    }
    if (type == QueueType.CLASSIC
        && maxAttempts > 0
        && declare
        && arguments.containsKey("x-dead-letter-exchange")) {
      warnings.accept(DeclarationMessages.capWithQueueDeadLetterExchange(name, where));
    }
    Setting<Delay> delaySetting =
        config.consumer(name, WarrenConfig.CONSUMER_DELAY, a.delay(), WarrenConfig::parseDelay);
    Delay delay = delaySetting.value();
    if (delay == Delay.PLUGIN_DME) {
      warnings.accept(
          DeclarationMessages.pluginDelayDeprecated(name, where, delaySetting.source()));
    }
    String defaultTarget =
        switch (delay) {
          case DLX_TTL -> queue + ".retry";
          case PLUGIN_DME -> queue + ".delay";
          case NONE -> "";
        };
    String delayTarget =
        config
            .consumer(name, WarrenConfig.CONSUMER_DELAY_TARGET, a.delayTarget(), String::trim)
            .value()
            .trim();
    if (delayTarget.isEmpty()) {
      delayTarget = defaultTarget;
    }
    Setting<List<String>> tierTexts =
        config.consumer(
            name,
            WarrenConfig.CONSUMER_DELAY_TIERS,
            List.of(a.delayTiers()),
            WarrenConfig::parseList);
    List<DelayTier> tiers = tiers(tierTexts, delayTarget, name, where, counting);
    if (!tiers.isEmpty() && delay != Delay.DLX_TTL) {
      counting.accept(
          DeclarationMessages.invalidSetting(
              name,
              where,
              "delayTiers",
              tierTexts.value(),
              tierTexts.source(),
              "delay tiers are wait queues: use them with delay=DLX_TTL, or remove them"));
    }
    for (DelayTier tier : tiers) {
      // the consumer's static delays: warned about now, refused when returned (WARREN-135)
      if (DelayLimits.exceeds(delay, tier.upTo())) {
        warnings.accept(
            DeclarationMessages.tierTooLong(
                name, where, tier.upTo(), delay.name(), DelayLimits.max(delay)));
      }
    }
    DelayedRetry delayedRetry = delayedRetry(a, config, name, where, quorum, counting);
    Setting<Duration> handlerTimeout =
        config.consumer(
            name,
            WarrenConfig.CONSUMER_HANDLER_TIMEOUT,
            Duration.ZERO,
            WarrenConfig::parseHandlerTimeout);
    warnPastConsumerTimeout(
        name,
        where,
        handlerTimeout,
        prefetch,
        concurrency,
        batchSize,
        global.brokerConsumerTimeout(),
        consumerTimeoutWarnings);
    if (shape == null || counting.count > 0) {
      return null;
    }
    RetryTarget retry =
        new RetryTarget(
            retryPublisher.exchange(),
            retryPublisher.routingKey().isEmpty() ? queue : retryPublisher.routingKey(),
            retryPublisher.persistent());
    return new ConsumerModel(
        name,
        where,
        found.bean(),
        shape,
        queue,
        type,
        prefetch,
        concurrency,
        batchSize,
        batchWait,
        declare,
        enabled,
        maxAttempts,
        deadLetter,
        retry,
        bindings(a.bindings()),
        arguments,
        deliveryLimit,
        delay,
        delayTarget,
        tiers,
        handlerTimeout.value(),
        delayedRetry,
        partitioned ? new Partition(queue, 0, partitionsSetting.value(), 0) : Partition.NONE);
  }

  /**
   * Warns when the consumer can hold a delivery unacked past the broker's consumer_timeout, as far
   * as its settings bound it (WARREN-123): a handler-timeout that is not shorter, or one that a
   * delivery can wait out behind the others of its prefetch. Without a handler-timeout nothing
   * bounds a handler, so there is nothing to compare; in-process delays are compared when returned
   * (WARREN-048). The warning is for a broker before 4.3 (or one whose version is unknown): from
   * 4.3 on classic consumers never time out and quorum consumers subscribe with an {@code
   * x-consumer-timeout} of their own ({@code ConsumerTimeouts}), so the caller drops it there.
   */
  private static void warnPastConsumerTimeout(
      String name,
      String where,
      Setting<Duration> timeout,
      int prefetch,
      int concurrency,
      int batchSize,
      Duration consumerTimeout,
      Consumer<String> warnings) {
    Duration limit = timeout.value();
    if (limit.isZero()) {
      return;
    }
    String key =
        timeout.source().startsWith("'")
            ? timeout.source().substring(1, timeout.source().length() - 1)
            : WarrenConfig.CONSUMERS_PREFIX + name + "." + WarrenConfig.CONSUMER_HANDLER_TIMEOUT;
    // the broker sends up to prefetch deliveries at once; each worker takes one call at a time,
    // so the last of them waits for the calls before it on its worker, then runs its own
    long calls = ConsumerTimeouts.calls(prefetch, concurrency, batchSize);
    if (limit.multipliedBy(calls).compareTo(consumerTimeout) >= 0) {
      warnings.accept(
          ConsumingMessages.heldPastConsumerTimeout(
              name, where, key, limit, calls, prefetch, concurrency, consumerTimeout));
    }
  }

  /**
   * The quorum queue's own back-off, as the rules accept it ({@link ConsumerRules#delayedRetry});
   * {@link DelayedRetry#NONE} when there is none or after a problem.
   */
  private static DelayedRetry delayedRetry(
      RabbitConsumer a,
      WarrenConfig config,
      String name,
      String where,
      boolean quorum,
      Consumer<String> problems) {
    Setting<DelayedRetryType> type =
        config.consumer(
            name,
            WarrenConfig.CONSUMER_DELAYED_RETRY_TYPE,
            a.delayedRetryType(),
            WarrenConfig::parseDelayedRetryType);
    Setting<String> min =
        config.consumer(
            name, WarrenConfig.CONSUMER_DELAYED_RETRY_MIN, a.delayedRetryMin(), String::trim);
    Setting<String> max =
        config.consumer(
            name, WarrenConfig.CONSUMER_DELAYED_RETRY_MAX, a.delayedRetryMax(), String::trim);
    return ConsumerRules.delayedRetry(
            name,
            where,
            quorum,
            type.value().name(),
            type.source(),
            min.value().trim(),
            min.source(),
            max.value().trim(),
            max.source(),
            problems)
        .map(b -> new DelayedRetry(b.type(), b.minMillis(), b.maxMillis(), type.source()))
        .orElse(DelayedRetry.NONE);
  }

  /** The delay tiers, shortest first, each with its wait queue {@code <target>.<tier>}. */
  private static List<DelayTier> tiers(
      Setting<List<String>> texts,
      String target,
      String name,
      String where,
      Consumer<String> problems) {
    List<DelayTier> tiers = new ArrayList<>();
    for (String text : texts.value()) {
      try {
        tiers.add(new DelayTier(Durations.parse(text), target + "." + text.trim()));
      } catch (IllegalArgumentException e) {
        problems.accept(
            DeclarationMessages.invalidSetting(
                name, where, "delayTiers", text, texts.source(), e.getMessage()));
      }
    }
    tiers.sort(java.util.Comparator.comparing(DelayTier::upTo));
    return List.copyOf(tiers);
  }

  /**
   * The batch wait: a config value that does not parse is reported by the config with its key, an
   * annotation value here; both must be longer than zero. {@code null} after a problem (the
   * consumer then gets no model).
   */
  private static Duration batchWait(
      WarrenConfig config,
      String name,
      String where,
      String annotation,
      Consumer<String> problems) {
    Setting<String> setting =
        config.consumer(
            name,
            WarrenConfig.CONSUMER_BATCH_WAIT,
            annotation,
            text -> {
              ConsumerRules.positiveDuration(text);
              return text;
            });
    return ConsumerRules.batchWait(name, where, setting.value(), setting.source(), problems);
  }

  private static List<BindingModel> bindings(Binding[] bindings) {
    List<BindingModel> result = new ArrayList<>();
    for (Binding binding : bindings) {
      List<String> keys =
          binding.routingKeys().length == 0 ? List.of("") : List.of(binding.routingKeys());
      result.add(new BindingModel(binding.exchange(), binding.type(), keys));
    }
    return List.copyOf(result);
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
