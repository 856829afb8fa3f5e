package dev.warren.internal.extension;

import dev.warren.Argument;
import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.config.WarrenConfig.Setting;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.settlement.DelayedRetry;
import dev.warren.internal.topology.Topology;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A consumer's queue arguments at deployment: the application's {@code @Argument}s as the broker
 * gets them (typed, none that Warren sets itself) and the delivery limit of a quorum queue without
 * {@code maxAttempts}, from config or its {@code x-delivery-limit} argument. Problems go to the
 * collector.
 */
final class QueueArguments {

  private QueueArguments() {}

  /**
   * The delivery limit of a quorum consumer without maxAttempts: {@code delivery-limit} from
   * config, else the {@code x-delivery-limit} argument, else no limit when Warren declares the
   * queue (unstated when it does not). A limit Warren cannot declare is a problem; so is one on any
   * other consumer, unless it comes from {@code warren.consumers.defaults}, which applies where it
   * can.
   */
  static DeliveryLimit deliveryLimit(
      WarrenConfig config,
      Argument[] arguments,
      QueueType type,
      int maxAttempts,
      boolean declare,
      String name,
      String where,
      Consumer<String> problems) {
    boolean applies = type == QueueType.QUORUM && maxAttempts == 0;
    DeliveryLimit fromArgument = DeliveryLimit.UNSTATED;
    for (Argument argument : arguments) {
      if (argument.name().equals(Topology.DELIVERY_LIMIT)) {
        fromArgument = limitArgument(argument, type, applies, name, where, problems);
      }
    }
    Setting<DeliveryLimit> setting =
        config.consumer(
            name, WarrenConfig.CONSUMER_DELIVERY_LIMIT, fromArgument, DeliveryLimit::parse);
    DeliveryLimit limit = setting.value();
    boolean fromConfig = !setting.source().equals("@RabbitConsumer");
    String source = fromConfig ? setting.source() : "@Argument '" + Topology.DELIVERY_LIMIT + "'";
    Consumer<String> refuse =
        fix ->
            problems.accept(
                DeclarationMessages.invalidSetting(
                    name, where, WarrenConfig.CONSUMER_DELIVERY_LIMIT, limit, source, fix));
    if (!applies) {
      if (fromConfig && !setting.fromDefaults()) {
        refuse.accept(noLimitHere(type, "remove it"));
      }
      return DeliveryLimit.UNSTATED;
    }
    if (limit.kind() == DeliveryLimit.Kind.UNSTATED) {
      return declare ? DeliveryLimit.UNLIMITED : DeliveryLimit.UNSTATED;
    }
    if (limit.declared() && !declare) {
      refuse.accept(
          "Warren sets a queue's delivery limit only when it declares the queue; set"
              + " 'warren.consumers."
              + name
              + ".declare-topology=true', or set the limit with a policy on the broker and"
              + " 'warren.consumers."
              + name
              + ".delivery-limit=policy'");
    }
    return limit;
  }

  /** Why a consumer of {@code type} with a cap takes no delivery limit, and the fix. */
  private static String noLimitHere(QueueType type, String remove) {
    return type == QueueType.CLASSIC
        ? "a classic queue has no delivery limit (maxAttempts caps attempts there); " + remove
        : "maxAttempts sets the limit (maxAttempts - 1); "
            + remove
            + ", or set maxAttempts=0 to choose the limit yourself";
  }

  /** The limit an {@code x-delivery-limit} argument asks for, or unstated after a problem. */
  private static DeliveryLimit limitArgument(
      Argument argument,
      QueueType type,
      boolean applies,
      String name,
      String where,
      Consumer<String> problems) {
    String why;
    if (!applies) {
      why = "does not apply here: " + noLimitHere(type, "remove it from arguments");
    } else if (argument.type() != Argument.Type.NUMBER) {
      why =
          "must have type NUMBER (-1 for no limit, or 0 and more): the broker reads the string '"
              + argument.value()
              + "' as another value";
    } else {
      try {
        return DeliveryLimit.of(Long.parseLong(argument.value().trim()));
      } catch (NumberFormatException e) {
        why = "has value '" + argument.value() + "', which is not a whole number (type NUMBER)";
      } catch (IllegalArgumentException e) {
        why = "has value '" + argument.value() + "': " + e.getMessage();
      }
    }
    problems.accept(DeclarationMessages.badArgument(name, where, argument.name(), why));
    return DeliveryLimit.UNSTATED;
  }

  static Map<String, Object> arguments(
      Argument[] arguments,
      Set<String> reserved,
      String name,
      String where,
      Consumer<String> problems) {
    Map<String, Object> result = new LinkedHashMap<>();
    for (Argument argument : arguments) {
      if (argument.name().equals(Topology.DELIVERY_LIMIT)) {
        continue; // read by deliveryLimit, declared for the broker's version
      }
      if (DelayedRetry.ARGUMENTS.contains(argument.name())) {
        problems.accept(
            DeclarationMessages.badArgument(
                name,
                where,
                argument.name(),
                "is set by Warren from delayedRetryType, delayedRetryMin and delayedRetryMax,"
                    + " which it checks (the broker accepts a malformed value and silently"
                    + " redelivers at once); use those settings instead"));
        continue;
      }
      if (reserved.contains(argument.name())) {
        problems.accept(
            DeclarationMessages.badArgument(
                name,
                where,
                argument.name(),
                argument.name().equals(Topology.SINGLE_ACTIVE_CONSUMER)
                    ? "is set by Warren on every partition of a partitioned consumer (one"
                        + " active consumer per partition keeps each key's order); remove it"
                        + " from arguments"
                    : "is set by Warren from queueType, maxAttempts and deadLetter; remove it"
                        + " from arguments"));
        continue;
      }
      try {
        result.put(argument.name(), value(argument));
      } catch (IllegalArgumentException e) {
        problems.accept(
            DeclarationMessages.badArgument(
                name,
                where,
                argument.name(),
                "has value '" + argument.value() + "', " + e.getMessage()));
      }
    }
    return Map.copyOf(result);
  }

  private static Object value(Argument argument) {
    return switch (argument.type()) {
      case STRING -> argument.value();
      case NUMBER -> {
        try {
          yield Long.parseLong(argument.value().trim());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("which is not a whole number (type NUMBER)");
        }
      }
      case BOOLEAN -> {
        try {
          yield WarrenConfig.parseBoolean(argument.value());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("which is not true or false (type BOOLEAN)");
        }
      }
    };
  }
}
