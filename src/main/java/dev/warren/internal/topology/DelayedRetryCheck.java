package dev.warren.internal.topology;

import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.DelayedRetry;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether a consumer's quorum queue back-off ({@link DelayedRetry}) works where it is deployed.
 * Brokers before RabbitMQ 4.3 accept the {@code x-delayed-retry-*} arguments and ignore them, so
 * every {@code retry()} would be redelivered at once: a deployment problem, never a silent
 * immediate redelivery. AMQP 0.9.1 shows neither a queue's arguments nor its policies, so on a
 * queue Warren does not declare the back-off cannot be checked: a warning. Pure; runs where {@link
 * Topology} prepares the consumer.
 */
public final class DelayedRetryCheck {

  private DelayedRetryCheck() {}

  /** The deployment problem ({@code WARREN-293}) of {@code model} on {@code version}, if any. */
  public static Optional<String> problem(ConsumerModel model, BrokerVersion version) {
    DelayedRetry backOff = model.delayedRetry();
    if (!backOff.delaysRejects() || version.nativeDelayedRetry()) {
      return Optional.empty();
    }
    return Optional.of(
        DeclarationMessages.delayedRetryNeeds43(
            model.name(),
            model.where(),
            backOff.type().toUpperCase(Locale.ROOT),
            backOff.source(),
            model.queue(),
            version.text(),
            version.known()
                ? "accepts the x-delayed-retry-* arguments and ignores them"
                : "is a version Warren cannot read, so it cannot tell whether the broker holds"
                    + " redeliveries"));
  }

  /**
   * The warning ({@code WARREN-294}) for a back-off on a queue Warren does not declare, whose
   * arguments it cannot see.
   */
  public static Optional<String> warning(ConsumerModel model) {
    DelayedRetry backOff = model.delayedRetry();
    if (!backOff.declared() || model.declareTopology()) {
      return Optional.empty();
    }
    Map<String, Object> arguments = backOff.arguments();
    return Optional.of(
        DeclarationMessages.delayedRetryUnseen(
            model.name(),
            model.where(),
            backOff.type().toUpperCase(Locale.ROOT),
            backOff.source(),
            model.queue(),
            arguments.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "))));
  }
}
