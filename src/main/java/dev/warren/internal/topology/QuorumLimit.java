package dev.warren.internal.topology;

import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A quorum queue's delivery limit on each broker version: the {@code x-delivery-limit} Warren
 * declares for a consumer so that it means what the consumer's settings say on every version, and
 * the warning when Warren cannot make it so. Pure; used at deployment.
 *
 * <pre>
 * consumer                         RabbitMQ 3.x                 RabbitMQ 4.x
 * maxAttempts N (+ deadLetter)     N - 1                        N - 1
 * no cap, declared (no limit)      none (none = no limit)       -1 (none = 20)
 * delivery-limit N                 N                            N
 * delivery-limit policy            none                         none
 * no cap, not declared             -                            - and warning WARREN-207
 * </pre>
 */
public final class QuorumLimit {

  private QuorumLimit() {}

  /** The {@code x-delivery-limit} to declare {@code model}'s queue with; empty for none. */
  public static OptionalLong argument(ConsumerModel model, BrokerVersion version) {
    if (model.queueType() != QueueType.QUORUM) {
      return OptionalLong.empty();
    }
    if (model.capped()) {
      // the broker counts returns, not deliveries: limit N gives N + 1 deliveries
      return OptionalLong.of(model.maxAttempts() - 1L);
    }
    DeliveryLimit limit = model.deliveryLimit();
    return switch (limit.kind()) {
      case LIMIT -> OptionalLong.of(limit.returns());
      // before 4.0 no argument is no limit and -1 dead-letters at once; from 4.0 -1 is no limit
      case UNLIMITED ->
          version.limitsQuorumQueuesByDefault() ? OptionalLong.of(-1) : OptionalLong.empty();
      case POLICY, UNSTATED -> OptionalLong.empty();
    };
  }

  /**
   * The warning for {@code model} on {@code version}, if Warren cannot make its queue's limit what
   * its settings say: a queue it does not declare on RabbitMQ 4.x (the default limit 20 applies
   * unless a policy says otherwise), or a broker whose version it cannot read.
   */
  public static Optional<String> warning(ConsumerModel model, BrokerVersion version, String vhost) {
    if (model.queueType() != QueueType.QUORUM || model.capped()) {
      return Optional.empty();
    }
    DeliveryLimit.Kind kind = model.deliveryLimit().kind();
    if (kind != DeliveryLimit.Kind.UNSTATED && kind != DeliveryLimit.Kind.UNLIMITED) {
      return Optional.empty();
    }
    if (!version.known()) {
      return Optional.of(
          DeclarationMessages.brokerVersionUnknown(
              model.name(), model.where(), model.queue(), version.text()));
    }
    if (kind == DeliveryLimit.Kind.UNSTATED && version.limitsQuorumQueuesByDefault()) {
      return Optional.of(
          DeclarationMessages.quorumLimitUnseen(
              model.name(),
              model.where(),
              model.queue(),
              version.text(),
              policyCommand(version, vhost, model.queue(), -1)));
    }
    return Optional.empty();
  }

  /**
   * The message for a declare the broker refused because the existing queue has another delivery
   * limit ({@code reason} is the broker's reply text), with the ways to migrate the queue.
   */
  public static String refused(
      ConsumerModel model, BrokerVersion version, String vhost, String reason) {
    OptionalLong declared = argument(model, version);
    String asked =
        model.capped()
            ? "maxAttempts=" + model.maxAttempts()
            : "delivery-limit=" + model.deliveryLimit();
    String key = "'warren.consumers." + model.name() + ".delivery-limit";
    String fix;
    if (model.capped()) {
      fix = "; or set maxAttempts to one more than the limit the queue has";
    } else if (declared.isPresent() && reason.contains("but current is none")) {
      fix =
          "; or keep the queue, set its limit with a policy, "
              + policyCommand(version, vhost, model.queue(), declared.getAsLong())
              + ", and set "
              + key
              + "=policy' so that Warren declares none";
    } else {
      fix = "; or set " + key + "' to the limit the queue has";
    }
    return DeclarationMessages.deliveryLimitRefused(
        model.name(),
        model.where(),
        model.queue(),
        declared.isPresent() ? Long.toString(declared.getAsLong()) : "none",
        asked,
        reason,
        fix);
  }

  /**
   * The {@code rabbitmqctl} command that gives {@code queue} (only) the delivery limit {@code
   * limit} by a policy on {@code version}. A queue follows one policy, the matching one of highest
   * priority, so an existing policy of the queue needs the key added instead.
   */
  public static String policyCommand(
      BrokerVersion version, String vhost, String queue, long limit) {
    return "rabbitmqctl set_policy"
        + ("/".equals(vhost) ? "" : " -p " + quote(vhost))
        + " "
        + quote("warren-" + queue)
        + " "
        + quote("^" + regexLiteral(queue) + "$")
        + " '{\"delivery-limit\":"
        + limit
        + "}' --apply-to "
        + version.policyTargetForQuorumQueues();
  }

  /** {@code text} in single quotes for a POSIX shell. */
  private static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** {@code text} as a regular expression that matches exactly it. */
  private static String regexLiteral(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      if ("\\.^$|?*+()[]{}".indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }
}
